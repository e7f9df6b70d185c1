/** Why a single sign-on round trip was refused (the callback shows the reason), and what it was for. */
import type { SsoRefusal } from '@yuexun/contract';

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    cause?: unknown,
    /** What the browser came for, once its state is known: a refused link goes back to 账号绑定. */
    readonly purpose: OidcPurpose = 'login',
  ) {
    super(`sso refused: ${reason}`, { cause });
  }
}

export type OidcPurpose = 'login' | 'link';
