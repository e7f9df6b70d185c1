/** The contact band of the 联系我们, service and agent pages: the same settings as the footer. */

import type { PublicSiteSettings } from '@yuexun/contract';
import { fileUrls } from '@yuexun/contract';
import { contact } from '../../locales/zh-CN';
import ContactList from './ContactList';

export default function ContactCard({ settings }: { settings: PublicSiteSettings }) {
  return (
    <section className="contact-card" aria-labelledby="contact-card-title">
      <div>
        <h2 id="contact-card-title" className="subheading">
          {contact.title}
        </h2>
        <ContactList settings={settings} />
      </div>
      {settings.wechatQrFileUuid && (
        <figure className="contact-qr">
          <img
            src={fileUrls.viewPic(settings.wechatQrFileUuid, { width: 320 })}
            alt={contact.wechatQr}
            width="140"
            height="140"
            loading="lazy"
          />
          <figcaption>{contact.wechatQr}</figcaption>
        </figure>
      )}
    </section>
  );
}
