"""A corpus of script-injection payloads for test_payloads.py.

Every payload, if it ever runs, sets `window.__pwned` to its own number (or opens a dialog), so a
test can tell which one got through. The families are the classic filter-evasion ones: tag and
attribute breakouts, event handlers, javascript:/data:/vbscript: URLs with encodings and whitespace
tricks, SVG and MathML vectors, CSS expression()/url() and </style> breakouts, template and entity
confusion, and Unicode and NUL tricks.

`PAYLOADS` is a list of (number, family, text). Numbers start at 1 and are unique."""

from __future__ import annotations

import base64
import urllib.parse


def _js(n: int) -> str:
    return f"window.__pwned={n}"


def _entities_dec(text: str) -> str:
    return "".join(f"&#{ord(c)};" for c in text)


def _entities_hex(text: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in text)


def _entities_padded(text: str) -> str:
    return "".join(f"&#0000{ord(c)}" for c in text)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _js_unicode(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


# Each template receives the JavaScript to run (`c`) and the payload's number (`n`).
TAG_BREAKOUTS = [
    lambda c, n: f"<script>{c}</script>",
    lambda c, n: f"\"><script>{c}</script>",
    lambda c, n: f"'><script>{c}</script>",
    lambda c, n: f"</title><script>{c}</script>",
    lambda c, n: f"</textarea><script>{c}</script>",
    lambda c, n: f"</style><script>{c}</script>",
    lambda c, n: f"</noscript><script>{c}</script>",
    lambda c, n: f"</script><script>{c}</script>",
    lambda c, n: f"--><script>{c}</script>",
    lambda c, n: f"]]><script>{c}</script>",
    lambda c, n: f"</p></article></main><script>{c}</script>",
    lambda c, n: f"<SCRIPT>{c}</SCRIPT>",
    lambda c, n: f"<ScRiPt>{c}</sCrIpT>",
    lambda c, n: f"<script/x>{c}</script>",
    lambda c, n: f"<script\n>{c}</script\n>",
    lambda c, n: f"<script type=module>{c}</script>",
    lambda c, n: f"<scr<script>ipt>{c}</scr</script>ipt>",
    lambda c, n: f"<<script>script>{c}<</script>/script>",
    lambda c, n: f"<script src=\"data:text/javascript,{c}\"></script>",
    lambda c, n: f"<script>/*</script><script>*/{c}</script>",
    lambda c, n: f"<iframe srcdoc=\"<script>parent.{c}</script>\"></iframe>",
    lambda c, n: f"<iframe src=\"javascript:parent.{c}\"></iframe>",
    lambda c, n: f"<object data=\"javascript:{c}\"></object>",
    lambda c, n: f"<embed src=\"javascript:{c}\">",
    lambda c, n: f"<base href=\"javascript:{c}//\"><a href=\"x\">x</a>",
    lambda c, n: f"<meta http-equiv=\"refresh\" content=\"0;url=javascript:{c}\">",
    lambda c, n: f"<form><button formaction=\"javascript:{c}\">x</button></form>",
    lambda c, n: f"<isindex type=image src=1 onerror={c}>",
    lambda c, n: f"<template><script>{c}</script></template><script>{c}</script>",
    lambda c, n: f"<noscript><p title=\"</noscript><img src=x onerror={c}>\"></noscript>",
    lambda c, n: f"<xmp></xmp><script>{c}</script>",
    lambda c, n: f"<plaintext></plaintext><script>{c}</script>",
    lambda c, n: f"<link rel=import href=\"data:text/html,<script>{c}</script>\">",
    lambda c, n: f"<frameset onload={c}>",
]

EVENT_HANDLERS = [
    lambda c, n: f"<img src=x onerror={c}>",
    lambda c, n: f"<img src=x onerror=\"{c}\">",
    lambda c, n: f"<IMG SRC=x OnErRoR={c}>",
    lambda c, n: f"<img/src/onerror={c}>",
    lambda c, n: f"<img src=x onerror\x0b={c}>",
    lambda c, n: f"<img src=x onerror\t=\t{c}>",
    lambda c, n: f"<img src=`x`onerror={c}>",
    lambda c, n: f"<img src=x:x onerror={c}//",
    lambda c, n: f"<img src=\"x\" onerror=\"{c}\" alt=\"",
    lambda c, n: f"<svg onload={c}>",
    lambda c, n: f"<svg/onload={c}>",
    lambda c, n: f"<body onload={c}>",
    lambda c, n: f"<body onpageshow={c}>",
    lambda c, n: f"<input autofocus onfocus={c}>",
    lambda c, n: f"<select autofocus onfocus={c}></select>",
    lambda c, n: f"<textarea autofocus onfocus={c}></textarea>",
    lambda c, n: f"<details open ontoggle={c}>",
    lambda c, n: f"<video><source onerror={c}></video>",
    lambda c, n: f"<audio src=x onerror={c}>",
    lambda c, n: f"<video src=x onerror={c}>",
    lambda c, n: f"<iframe onload={c}></iframe>",
    lambda c, n: f"<marquee onstart={c}>x</marquee>",
    lambda c, n: f"<style onload={c}></style>",
    lambda c, n: f"<link rel=stylesheet href=x onerror={c}>",
    lambda c, n: f"<object data=x onerror={c}></object>",
    lambda c, n: f"<div onpointerenter={c} style=\"position:fixed;inset:0\">x</div>",
    lambda c, n: f"<a onmouseover={c} href=#>x</a>",
    lambda c, n: f"<x contenteditable onfocus={c} autofocus>x</x>",
    lambda c, n: f"<image src=x onerror={c}>",
    lambda c, n: f"<input type=image src=x onerror={c}>",
    lambda c, n: f"<keygen autofocus onfocus={c}>",
    lambda c, n: f"<div onanimationstart={c} style=\"animation:cr-spin 1s\">x</div>",
    lambda c, n: f"<img src=x onerror=eval(atob('{base64.b64encode(c.encode()).decode()}'))>",
    lambda c, n: f"<img src=x onerror=setTimeout('{c}')>",
    lambda c, n: f"<img src=x onerror=\"&#{ord('w')};indow.__pwned={n}\">",
    lambda c, n: f"<img src=x onerror=\"{_js_unicode('window')}.__pwned={n}\">",
    lambda c, n: f"<img src=x onerror=\"window['__pw'+'ned']={n}\">",
    lambda c, n: f"<img src=x onerror=window.__pwned={n}//",
    lambda c, n: f"<img src=x onerror=alert({n})>",
    lambda c, n: f"<svg onload=confirm({n})>",
    lambda c, n: f"<img src=x onerror=prompt({n})>",
]

ATTRIBUTE_BREAKOUTS = [
    lambda c, n: f"\" onmouseover=\"{c}",
    lambda c, n: f"\" autofocus onfocus=\"{c}",
    lambda c, n: f"' autofocus onfocus='{c}",
    lambda c, n: f"\"onerror=\"{c}",
    lambda c, n: f"x\" onerror=\"{c}\" y=\"",
    lambda c, n: f"` onerror={c} `",
    lambda c, n: f"\" style=\"animation-name:x\" onanimationstart=\"{c}",
    lambda c, n: f"\"/><img src=x onerror={c}>",
    lambda c, n: f"'/><img src=x onerror={c}>",
    lambda c, n: f"\"><svg onload={c}>",
    lambda c, n: f"\" href=\"javascript:{c}",
    lambda c, n: f"\" src=\"data:text/html,<script>{c}</script>",
    lambda c, n: f"&quot; onmouseover=&quot;{c}",
    lambda c, n: f"&#34; onmouseover=&#34;{c}",
    lambda c, n: f"\\\" onmouseover=\\\"{c}",
    lambda c, n: f"\u201c onmouseover=\u201d{c}",
    lambda c, n: f"\" onfocusin=\"{c}\" tabindex=\"0\" autofocus=\"",
    lambda c, n: f"\x00\" onmouseover=\"{c}",
]

URLS = [
    lambda c, n: f"javascript:{c}",
    lambda c, n: f"JaVaScRiPt:{c}",
    lambda c, n: f" javascript:{c}",
    lambda c, n: f"\tjava\tscript:{c}",
    lambda c, n: f"java\nscript:{c}",
    lambda c, n: f"java\rscript:{c}",
    lambda c, n: f"\x01javascript:{c}",
    lambda c, n: f"\x00javascript:{c}",
    lambda c, n: f"javascript\t:{c}",
    lambda c, n: f"java&#x09;script:{c}",
    lambda c, n: f"java&#0000009script:{c}",
    lambda c, n: f"{_entities_dec('javascript:')}{c}",
    lambda c, n: f"{_entities_hex('javascript:')}{c}",
    lambda c, n: f"{_entities_padded('javascript:')}{c}",
    lambda c, n: f"javascript&colon;{c}",
    lambda c, n: f"%6A%61%76%61%73%63%72%69%70%74:{c}",
    lambda c, n: f"javascript:{urllib.parse.quote(c)}",
    lambda c, n: f"javascript://%0a{c}",
    lambda c, n: f"javascript://comment%0d%0a{c}",
    lambda c, n: f"javascript:/*--></title></style></textarea></script><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+{c}//'>",
    lambda c, n: f"\u00a0javascript:{c}",
    lambda c, n: f"\ufeffjavascript:{c}",
    lambda c, n: f"j\u0430vascript:{c}",
    lambda c, n: f"ｊａｖａｓｃｒｉｐｔ：{c}",
    lambda c, n: f"data:text/html,<script>{c}</script>",
    lambda c, n: f"data:text/html;base64,{base64.b64encode(f'<script>{c}</script>'.encode()).decode()}",
    lambda c, n: f"DATA:text/html,<script>{c}</script>",
    lambda c, n: f" data:text/html,<svg onload={c}>",
    lambda c, n: f"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='{c}'/>",
    lambda c, n: "data:image/svg+xml;base64," + _b64('<svg xmlns="http://www.w3.org/2000/svg" onload="' + c + '"/>'),
    lambda c, n: f"data:application/javascript,{c}",
    lambda c, n: f"vbscript:msgbox({n})",
    lambda c, n: f"VBScript:Execute(\"{c}\")",
    lambda c, n: f"livescript:{c}",
    lambda c, n: f"mocha:{c}",
    lambda c, n: f"file:///etc/passwd#{n}",
    lambda c, n: f"//evil.invalid/{n}.js",
    lambda c, n: f"\\\\evil.invalid\\{n}",
    lambda c, n: f"https://evil.invalid/\" onmouseover=\"{c}",
    lambda c, n: f"https://evil.invalid/'><script>{c}</script>",
    lambda c, n: f"http://x\" onerror=\"{c}",
    lambda c, n: f"mailto:x@y.invalid\"><script>{c}</script>",
    lambda c, n: f"blob:https://evil.invalid/{n}",
    lambda c, n: f"filesystem:https://evil.invalid/{n}",
]

SVG_MATHML = [
    lambda c, n: f"<svg><script>{c}</script></svg>",
    lambda c, n: f"<svg><script href=\"data:,{c}\"/></svg>",
    lambda c, n: f"<svg><animate onbegin={c} attributeName=x dur=1s>",
    lambda c, n: f"<svg><set attributeName=onmouseover to={c}>",
    lambda c, n: f"<svg><a xlink:href=\"javascript:{c}\"><text x=20 y=20>x</text></a></svg>",
    lambda c, n: f"<svg><foreignObject><img src=x onerror={c}></foreignObject></svg>",
    lambda c, n: f"<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='{c}'/></svg>#x\"/></svg>",
    lambda c, n: f"<svg><image href=x onerror={c}></svg>",
    lambda c, n: f"<svg><style>@import'data:,*%7bx:expression({c})%7D';</style></svg>",
    lambda c, n: f"<svg><title><img src=x onerror={c}></title></svg>",
    lambda c, n: f"<svg><desc><![CDATA[</desc><script>{c}</script>]]></svg>",
    lambda c, n: f"<svg><discard onbegin={c}></svg>",
    lambda c, n: f"<math><mtext><table><mglyph><style><img src=x onerror={c}>",
    lambda c, n: f"<math><mi xlink:href=\"javascript:{c}\">x</mi></math>",
    lambda c, n: f"<math href=\"javascript:{c}\">x</math>",
    lambda c, n: f"<math><maction actiontype=statusline xlink:href=javascript:{c}>x</maction></math>",
    lambda c, n: f"<math><mtext><option><FAKEFAKE><option></option><mglyph><svg><mtext><style><a title=\"</style><img src=x onerror={c}>\">",
    lambda c, n: f"<svg></p><style><a id=\"</style><img src=x onerror={c}>\">",
    lambda c, n: f"<form><math><mtext></form><form><mglyph><style></math><img src=x onerror={c}>",
]

CSS = [
    lambda c, n: f"</style><script>{c}</script>",
    lambda c, n: f"red;}}</style><img src=x onerror={c}>",
    lambda c, n: f"red; background:url(javascript:{c})",
    lambda c, n: f"expression({c})",
    lambda c, n: f"x:expression({c})",
    lambda c, n: f"e\\x\\p\\r\\e\\s\\s\\i\\o\\n({c})",
    lambda c, n: f"url(\"javascript:{c}\")",
    lambda c, n: f"url(data:text/html,<script>{c}</script>)",
    lambda c, n: f"@import 'javascript:{c}';",
    lambda c, n: f"@import url(https://evil.invalid/{n}.css);",
    lambda c, n: f"}} * {{ background: url(https://evil.invalid/{n}.png) }}",
    lambda c, n: f"-moz-binding:url(https://evil.invalid/{n}.xml#x)",
    lambda c, n: f"behavior:url(https://evil.invalid/{n}.htc)",
    lambda c, n: f"<style>@keyframes x{{}}</style><div style=\"animation-name:x\" onanimationstart=\"{c}\"></div>",
    lambda c, n: f"<div style=\"background:url(javascript:{c})\">x</div>",
    lambda c, n: f"<div style=\"width:expression({c})\">x</div>",
    lambda c, n: f"/* */ }} </style> <script>{c}</script> <style>",
    lambda c, n: f"\\3c /style\\3e \\3c script\\3e {c}\\3c /script\\3e",
    lambda c, n: f"<link rel=stylesheet href=\"data:text/css,*{{background:url(javascript:{c})}}\">",
]

TEMPLATE_ENTITY = [
    lambda c, n: f"{{{{constructor.constructor('{c}')()}}}}",
    lambda c, n: f"${{{c}}}",
    lambda c, n: f"`${{{c}}}`",
    lambda c, n: f"<%= {c} %>",
    lambda c, n: f"{{{{{n}*{n}}}}}",
    lambda c, n: f"#{{{c}}}",
    lambda c, n: f"[[{c}]]",
    lambda c, n: f"{{{{#with \"s\" as |s|}}}}{{{{s.constructor('{c}')()}}}}{{{{/with}}}}",
    lambda c, n: f"&lt;script&gt;{c}&lt;/script&gt;",
    lambda c, n: f"&amp;lt;script&amp;gt;{c}&amp;lt;/script&amp;gt;",
    lambda c, n: f"&#60;script&#62;{c}&#60;/script&#62;",
    lambda c, n: f"&#x3C;img src=x onerror={c}&#x3E;",
    lambda c, n: f"&#x3c;&#x69;&#x6d;&#x67; src=x onerror={c}&#x3e;",
    lambda c, n: f"\\u003cscript\\u003e{c}\\u003c/script\\u003e",
    lambda c, n: f"\\x3cscript\\x3e{c}\\x3c/script\\x3e",
    lambda c, n: f"%3Cscript%3E{c}%3C/script%3E",
    lambda c, n: f"%253Cscript%253E{c}%253C/script%253E",
    lambda c, n: f"<![CDATA[<script>{c}</script>]]>",
    lambda c, n: f"<!--<script>{c}</script>-->",
    lambda c, n: f"<!-- --!><script>{c}</script>",
    lambda c, n: f"<?xml version=\"1.0\"?><script>{c}</script>",
    lambda c, n: f"<!DOCTYPE html><script>{c}</script>",
    lambda c, n: f"**<script>{c}</script>**",
    lambda c, n: f"`</code><script>{c}</script>`",
    lambda c, n: f"**`<img src=x onerror={c}>`**",
    lambda c, n: f"[x](javascript:{c})",
    lambda c, n: f"[x](<javascript:{c}>)",
    lambda c, n: f"![x](javascript:{c})",
    lambda c, n: f"<javascript:{c}>",
    lambda c, n: f"[x]: javascript:{c}\n\n[y][x]",
    lambda c, n: f"```html\n</code></pre><script>{c}</script>\n```",
    lambda c, n: f"| a |\n|---|\n| <img src=x onerror={c}> |",
    lambda c, n: f"<div>\n<script>{c}</script>\n</div>",
    lambda c, n: f"    <script>{c}</script>",
    lambda c, n: f"\\<script>{c}\\</script>",
    lambda c, n: f"<a href=\"javascript:{c}\">x</a>",
    lambda c, n: f"{{\"$ref\": \"#/x\"}}<script>{c}</script>",
]

UNICODE_NUL = [
    lambda c, n: f"<scr\x00ipt>{c}</scr\x00ipt>",
    lambda c, n: f"\x00<script>{c}</script>",
    lambda c, n: f"<img src=x onerror={c}\x00>",
    lambda c, n: f"<img\x00src=x\x00onerror={c}>",
    lambda c, n: f"\uff1cscript\uff1e{c}\uff1c/script\uff1e",
    lambda c, n: f"\u202e>tpircs/<{c}>tpircs<",
    lambda c, n: f"\ufeff<script>{c}</script>",
    lambda c, n: f"\u2028<script>{c}</script>\u2029",
    lambda c, n: f"<script>\u2028{c}</script>",
    lambda c, n: f"\u200b<\u200bscript>{c}</script>",
    lambda c, n: f"<\u0131mg src=x onerror={c}>",
    lambda c, n: f"<ſcript>{c}</ſcript>",
    lambda c, n: f"\u00bcscript\u00be{c}\u00bc/script\u00be",
    lambda c, n: f"\u0000\u0001\u0002\u001f<img src=x onerror={c}>",
    lambda c, n: f"\U0001d54f<svg onload={c}>\U0001f600",
    lambda c, n: f"e\u0301\u0327<img src=x onerror={c}>",
    lambda c, n: f"\ud7ff\ue000\uffff<script>{c}</script>",
    lambda c, n: f"\u180e<img src=x onerror={c}>",
    lambda c, n: f"<img src=x onerror=\"{c}\u2028\">",
    lambda c, n: f"\x7f\x80\x9f<script>{c}</script>",
    lambda c, n: "A" * 4096 + f"<script>{c}</script>",
    lambda c, n: f"\r\n\r\n<script>{c}</script>",
    lambda c, n: f"\u0130<svg onload={c}>",
    lambda c, n: f"<img src=x onerror={c}>" + "\u0301" * 200,
]

FAMILIES = [
    ("tag breakout", TAG_BREAKOUTS),
    ("event handler", EVENT_HANDLERS),
    ("attribute breakout", ATTRIBUTE_BREAKOUTS),
    ("url scheme", URLS),
    ("svg/mathml", SVG_MATHML),
    ("css", CSS),
    ("template/entity", TEMPLATE_ENTITY),
    ("unicode/nul", UNICODE_NUL),
]


def _build() -> list[tuple[int, str, str]]:
    payloads = []
    n = 0
    for family, templates in FAMILIES:
        for template in templates:
            n += 1
            payloads.append((n, family, template(_js(n), n)))
    return payloads


PAYLOADS = _build()

assert len(PAYLOADS) >= 200, len(PAYLOADS)
assert len({text for _, _, text in PAYLOADS}) == len(PAYLOADS), "duplicate payloads"
