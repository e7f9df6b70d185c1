/** Why a single sign-on round trip was refused (the callback shows the reason), and what it was for. */
import type { SsoRefusal } from '@yuexun/contract';

export type OidcPurpose = 'login' | 'link';

/** Whom the refused attempt was about, as far as it got: kept with the attempt in 登录方式's list. */
export interface RefusedAttempt {
  accountId?: number | null;
  identity?: string | null;
}

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    cause?: unknown,
    /** What the browser came for, once its state is known: a refused link goes back to 账号绑定. */
    readonly purpose: OidcPurpose = 'login',
    readonly attempt: RefusedAttempt = {},
  ) {
    super(`sso refused: ${reason}`, { cause });
  }

  /** The same refusal, knowing more about whom it concerned. */
  about(purpose: OidcPurpose, attempt: RefusedAttempt): SsoRefused {
    return new SsoRefused(this.reason, this.cause, purpose, { ...attempt, ...this.attempt });
  }
}
