/**
 * The vendor's contacts as the site settings give them (one source for the footer, the contact and
 * service pages); a blank field is left out.
 */
import type { PublicSiteSettings } from '@yuexun/contract';
import { contact } from '../../locales/zh-CN';

/** tel: wants the digits of the number before any extension. */
export const telHref = (phone: string) => `tel:${(phone.split(/转|#/)[0] ?? '').replace(/[^\d+]/g, '')}`;

type Props = {
  settings: Pick<
    PublicSiteSettings,
    'companyName' | 'hotline' | 'servicePhone' | 'email' | 'address' | 'businessHours'
  >;
  className?: string;
};

export default function ContactList({ settings, className }: Props) {
  const rows: { label: string; value: string; href?: string }[] = [
    { label: contact.hotline, value: settings.hotline, href: telHref(settings.hotline) },
    { label: contact.servicePhone, value: settings.servicePhone, href: telHref(settings.servicePhone) },
    { label: contact.email, value: settings.email, href: `mailto:${settings.email}` },
    { label: contact.address, value: settings.address },
    { label: contact.hours, value: settings.businessHours },
  ];
  return (
    <address className={className}>
      {settings.companyName && <p className="contact-company">{settings.companyName}</p>}
      <dl className="contact-list">
        {rows
          .filter((r) => r.value)
          .map((r) => (
            <div key={r.label}>
              <dt>{r.label}</dt>
              <dd>{r.href ? <a href={r.href}>{r.value}</a> : r.value}</dd>
            </div>
          ))}
      </dl>
    </address>
  );
}
