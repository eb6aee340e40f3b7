/** Stored-XSS attempts a notice body might carry; none may survive as something a browser runs. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p onclick="alert(1)">paragraph</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<object data="javascript:alert(1)"></object>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<a href="&#106;avascript:alert(1)">encoded</a>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
];
/** What must not appear in a sanitised body: script-running tags, event handlers, script URLs, inline styles. */
export const DANGEROUS = /<script|<iframe|<svg|<object|<form|<input|<body|<style|<math|\son\w+\s*=|javascript:|style=/i;
