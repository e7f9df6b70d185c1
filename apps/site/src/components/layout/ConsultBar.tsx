/**
 * The floating consult bar on phones (hidden from 768 px by site.css): call the hotline, the WeChat QR code
 * (a <details> that opens without JavaScript) and the enquiry form. Switched off in the console's 首页管理.
 */
import type { PublicSiteSettings } from '@yuexun/contract';
import { fileUrls } from '@yuexun/contract';
import { href } from '../../lib/href';
import { consult } from '../../locales/zh-CN';

interface Props {
  basePath: string;
  settings: PublicSiteSettings;
  /** Whether the home page carries the lead form (the enquiry button's target). */
  withLead: boolean;
}

export default function ConsultBar({ basePath, settings, withLead }: Props) {
  const tel = settings.hotline.replace(/[^0-9+]/g, '');
  return (
    <nav className="consult-bar" aria-label={consult.label}>
      {tel && (
        <a className="consult-call" href={`tel:${tel}`}>
          {consult.call}
        </a>
      )}
      {settings.wechatQrFileUuid && (
        <details className="consult-wechat">
          <summary>{consult.wechat}</summary>
          <div className="consult-qr">
            <img
              src={fileUrls.viewPic(settings.wechatQrFileUuid, { width: 320 })}
              alt={consult.wechatHint}
              width="160"
              height="160"
              loading="lazy"
            />
            <p>{consult.wechatHint}</p>
          </div>
        </details>
      )}
      {withLead && (
        <a className="consult-enquiry" href={href(basePath, '/home#lead')}>
          {consult.enquiry}
        </a>
      )}
    </nav>
  );
}
