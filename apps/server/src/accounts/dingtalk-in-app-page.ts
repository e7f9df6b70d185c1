/**
 * Silent sign-in inside DingTalk's own browser, as DingTalk documents 免登 for an internal H5 app: the page loads
 * DingTalk's JSAPI, asks it for the in-app code of the organisation (`dd.runtime.permission.requestAuthCode`
 * with the CorpId) and takes it to the callback with the round trip's state. Without the JSAPI (a browser that
 * only says DingTalk), the callback gets no code and the login page says the platform refused.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** DingTalk's JSAPI, from its own CDN (the address its documentation gives). */
const JSAPI = 'https://g.alicdn.com/dingding/dingtalk-jsapi/3.0.25/dingtalk.open.js';

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const dingtalkInAppPage = (reply: FastifyReply, corpId: string, callback: string, state: string) => {
  const nonce = randomBytes(16).toString('base64');
  const data = scriptJson({ corpId, callback, state });
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>钉钉登录</title></head>
<body><p style="font:16px/1.6 system-ui,sans-serif;text-align:center;margin-top:40vh">正在通过钉钉登录…</p>
<script nonce="${nonce}" src="${JSAPI}"></script>
<script nonce="${nonce}">
(function () {
  var d = ${data};
  var go = function (code) {
    var q = '?state=' + encodeURIComponent(d.state) + (code ? '&code=' + encodeURIComponent(code) : '');
    location.replace(d.callback + q);
  };
  if (typeof dd === 'undefined') return go('');
  dd.ready(function () {
    dd.runtime.permission.requestAuthCode({
      corpId: d.corpId,
      onSuccess: function (r) { go(r.code); },
      onFail: function () { go(''); }
    });
  });
  dd.error(function () { go(''); });
})();
</script></body></html>`;
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}' https://g.alicdn.com; connect-src https:; style-src 'unsafe-inline'; frame-ancestors 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(html);
};
