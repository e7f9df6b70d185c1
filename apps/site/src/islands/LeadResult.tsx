/**
 * The lead form's thank-you: the message and, when the owner's 企业微信联系我 was ready in time (decision 062),
 * its QR code with 扫码添加您的专属顾问. Rendered by the server for a browser without JavaScript too.
 */
import { WECOM_CONTACT_CAPTION } from '@yuexun/contract';
import type { Ref } from 'react';

export function LeadResult(props: {
  result: string;
  qrCode: string | null;
  bannerRef: Ref<HTMLParagraphElement>;
}) {
  return (
    <>
      <p ref={props.bannerRef} className="banner banner-success" role="status" tabIndex={-1}>
        {props.result}
      </p>
      {props.qrCode && (
        <figure className="lead-contact-qr" data-testid="lead-contact-qr">
          <img src={props.qrCode} alt={WECOM_CONTACT_CAPTION} width={160} height={160} />
          <figcaption>{WECOM_CONTACT_CAPTION}</figcaption>
        </figure>
      )}
    </>
  );
}
