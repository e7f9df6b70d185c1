/**
 * The lead form's thank-you: the message and, when the owner's 企业微信联系我 was ready in time (decision 062),
 * its QR code with 扫码添加您的专属顾问. In 获客链接 mode (decision 068) a button 添加您的专属顾问 opens WeCom in one
 * tap on a phone; a wider screen also shows a QR code of the link to scan with a phone. Rendered by the server
 * for a browser without JavaScript too.
 */
import { WECOM_CONTACT_CAPTION, WECOM_LINK_CAPTION } from '@yuexun/contract';
import type { Ref } from 'react';

export function LeadResult(props: {
  result: string;
  qrCode: string | null;
  link: string | null;
  bannerRef: Ref<HTMLParagraphElement>;
}) {
  const qr = props.qrCode && (
    <figure className="lead-contact-qr" data-testid="lead-contact-qr">
      <img src={props.qrCode} alt={WECOM_CONTACT_CAPTION} width={160} height={160} />
      <figcaption>{WECOM_CONTACT_CAPTION}</figcaption>
    </figure>
  );
  return (
    <>
      <p ref={props.bannerRef} className="banner banner-success" role="status" tabIndex={-1}>
        {props.result}
      </p>
      {props.link ? (
        <div className="lead-contact-link" data-testid="lead-contact-link">
          <a className="button button-primary" href={props.link} rel="noopener">
            {WECOM_LINK_CAPTION}
          </a>
          {qr}
        </div>
      ) : (
        qr
      )}
    </>
  );
}
