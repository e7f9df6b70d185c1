/**
 * The mobile-app wrapper bridge (spec §1): pick or capture images, record audio, share, open a
 * page. Inside the wrapper the native methods are called; elsewhere each has a web fallback
 * (file input with capture, MediaRecorder, Web Share API or copying the link, window.open).
 * The wrapper announces itself with `window.YuexunApp` and "YuexunApp" in the user agent.
 */
import { MOBILE_IMAGE_PICKER_MAX } from '@yuexun/contract';

export interface NativeBridge {
  chooseImage(options: { count: number; cloud: boolean; capture: boolean }): Promise<string[]>;
  recordAudio(): Promise<string>;
  share(data: { title: string; url: string; text?: string }): Promise<void>;
  openPage(url: string): void;
}

export interface BridgeEnv {
  userAgent: string;
  native?: NativeBridge | undefined;
}

export const browserEnv = (): BridgeEnv => ({
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  native: (globalThis as { YuexunApp?: NativeBridge }).YuexunApp,
});

export const isMobileWrapper = (env: BridgeEnv) => Boolean(env.native) || /YuexunApp/i.test(env.userAgent);
export const isWeChat = (env: BridgeEnv) => /MicroMessenger/i.test(env.userAgent);
export const isPhone = (env: BridgeEnv) => /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(env.userAgent);
export const isOldIE = (env: BridgeEnv) => /MSIE |Trident\//.test(env.userAgent);

/** Images as object URLs (web) or wrapper file ids; at most nine, cloud enabled (spec §9). */
export const pickImages = async (
  options: { capture?: boolean; count?: number } = {},
  env = browserEnv(),
): Promise<string[]> => {
  const count = Math.min(options.count ?? MOBILE_IMAGE_PICKER_MAX, MOBILE_IMAGE_PICKER_MAX);
  if (env.native) return env.native.chooseImage({ count, cloud: true, capture: Boolean(options.capture) });
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/jpeg,image/png';
    input.multiple = count > 1;
    if (options.capture) input.setAttribute('capture', 'environment');
    input.addEventListener('change', () => {
      const files = [...(input.files ?? [])].slice(0, count);
      resolve(files.map((f) => URL.createObjectURL(f)));
    });
    input.click();
  });
};

/** Records until `stop` is called; resolves with an object URL of the recording. */
export const recordAudio = async (env = browserEnv()) => {
  if (env.native) {
    const url = env.native.recordAudio();
    return { stop: () => undefined, result: url };
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => chunks.push(e.data));
  const result = new Promise<string>((resolve) =>
    recorder.addEventListener('stop', () => {
      for (const track of stream.getTracks()) track.stop();
      resolve(URL.createObjectURL(new Blob(chunks, { type: recorder.mimeType })));
    }),
  );
  recorder.start();
  return { stop: () => recorder.stop(), result };
};

export type ShareOutcome = 'native' | 'shared' | 'copied' | 'failed';

export const share = async (
  data: { title: string; url: string; text?: string },
  env = browserEnv(),
): Promise<ShareOutcome> => {
  if (env.native) {
    await env.native.share(data);
    return 'native';
  }
  // WeChat's own menu shares the page; its in-app browser has no Web Share API, so copy the link.
  if (typeof navigator !== 'undefined' && navigator.share && !isWeChat(env)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch {
      // Cancelled by the visitor or refused: fall through to copying the link.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
};

export const openPage = (
  url: string,
  env = browserEnv(),
  open: (u: string) => unknown = (u) => window.open(u, '_blank'),
) => {
  if (env.native) env.native.openPage(url);
  else open(url);
};
