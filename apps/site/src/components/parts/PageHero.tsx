interface Props {
  title: string;
  intro?: string;
  eyebrow?: string;
}

/** The band at the top of each section page holding its one h1. */
export default function PageHero({ title, intro, eyebrow }: Props) {
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {intro && <p className="hero-intro">{intro}</p>}
      </div>
    </section>
  );
}
