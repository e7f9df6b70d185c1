/// <reference types="vite/client" />
declare const __BUILD_ID__: string;
/** Year of the build: what the prerendered login page shows (see pages/Login/LoginView.tsx). */
declare const __BUILD_YEAR__: number;

interface Window {
  /** A button tapped on the prerendered login page before its code ran (index.html, boot/login.tsx). */
  __yxEarlyClick?: HTMLButtonElement;
}
