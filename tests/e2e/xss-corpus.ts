/**
 * XSS vectors for the content and feedback screens (reliability F1), in the families of the DOMPurify test suite,
 * the PortSwigger XSS cheat sheet and the published mXSS bypasses: script and event-handler HTML, javascript: and
 * data: URLs in HTML and in Markdown link/image syntax, iframes (src, srcdoc), SVG and MathML namespace confusion,
 * comment/raw-text parser differentials, CSS, forms, DOM clobbering. Every payload calls alert/confirm/prompt/print
 * when it runs, which the test hooks. Mixed HTML + Markdown because the Markdown renderer passes raw HTML through
 * to the sanitizer.
 */

const B64_SCRIPT = 'PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' // <script>alert(1)</script>
const B64_SVG = 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=' // <svg onload=alert(1)>

/** Raw HTML: script, handlers, URLs, embedding. */
const HTML = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=data:text/javascript,alert(1)></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(document.domain)">',
  '<IMG SRC=x ONERROR=confirm(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img srcset="x" onerror="alert(1)">',
  '<img src="x`<script>alert(1)</script>"`>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>Click</text></a></svg>',
  "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)' /></svg>#x\"></use></svg>",
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=parent.alert(1)&gt;"></iframe>',
  `<iframe src="data:text/html;base64,${B64_SCRIPT}"></iframe>`,
  '<object data="javascript:alert(1)"></object>',
  `<object data="data:text/html;base64,${B64_SCRIPT}"></object>`,
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="  javascript:alert(1)">leading space</a>',
  '<a href="javascript&colon;alert(1)">named colon</a>',
  `<a href="data:text/html;base64,${B64_SCRIPT}">data link</a>`,
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="https://example.com" onclick="alert(1)" onmouseover="alert(1)">ok link, bad handlers</a>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<video poster=javascript:alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)></select>',
  '<textarea autofocus onfocus=alert(1)></textarea>',
  '<keygen autofocus onfocus=alert(1)>',
  '<a id=x tabindex=1 onfocus=alert(1) autofocus>focus</a>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<x onclick=alert(1) style=display:block>custom element</x>',
  '<div popover id=pp onbeforetoggle=alert(1)>x</div><button popovertarget=pp>open</button>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<template><script>alert(1)</script></template>',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background:url(javascript:alert(1))">css url</div>',
  '<div style="position:fixed;inset:0;background:red">overlay</div>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//"><a href="/x">relative</a>',
  '<p id="__proto__">x</p><form id=location></form><img name=getElementById>',
]

/** Parser differentials and namespace confusion (mXSS). */
const MXSS = [
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>"></path></textarea></mtext></svg></mglyph></mi></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<title><img title="</title><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><style><img src=x onerror=alert(1)></style></math>',
  '<div><svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg></div>',
  '<table><td><svg><desc><img src=x onerror=alert(1)></desc></svg></td></table>',
]

/** Markdown syntax carrying the same payloads. */
const MARKDOWN = [
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click]( javascript:alert(1) )',
  `[click](data:text/html;base64,${B64_SCRIPT})`,
  '[click](vbscript:msgbox(1))',
  '<javascript:alert(1)>',
  '[ref link][r]\n\n[r]: javascript:alert(1)',
  '[a](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '![img](x" onerror="alert(1))',
  '![img](javascript:alert(1))',
  `![img](data:image/svg+xml;base64,${B64_SVG})`,
  '![x](https://example.invalid/a.png"onerror="alert(1))',
  '[![x](x)](javascript:alert(1))',
  '`<img src=x onerror=alert(1)>`',
  '```html\n<script>alert(1)</script>\n```',
  '**<img src=x onerror=alert(1)>**',
  '> <svg onload=alert(1)>',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '- item <iframe src=javascript:alert(1)>',
  '# Title <script>alert(1)</script>',
]

/** The whole corpus (≥ 60 vectors). */
export const XSS_VECTORS: readonly string[] = [...HTML, ...MXSS, ...MARKDOWN]
