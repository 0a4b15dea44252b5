// Offline stand-in for Google Fonts CSS (NEXT_FONT_GOOGLE_MOCKED_RESPONSES).
// Every family is served with the real Inter latin variable woff2 from
// @fontsource-variable/inter (only Inter is used by the default theme).
const path = require('path');
const FILE = path.join(process.env.ALBM_FONT_DIR || __dirname, "package/files/inter-latin-wght-normal.woff2");
function css(url) {
  const u = new URL(url);
  let out = '';
  for (const fam of u.searchParams.getAll('family')) {
    const [name, spec = ''] = fam.split(':');
    let weights = ['400'];
    const at = spec.split('@')[1];
    if (at) {
      const axes = spec.split('@')[0].split(',');
      const wi = axes.indexOf('wght');
      weights = [...new Set(at.split(';').map((t) => t.split(',')[wi >= 0 ? wi : 0]))];
    }
    for (const w of weights) {
      out += `/* latin */\n@font-face {\n  font-family: '${name}';\n  font-style: normal;\n  font-weight: ${w.replace('..', ' ')};\n  font-display: swap;\n  src: url(${FILE}) format('woff2');\n  unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;\n}\n`;
    }
  }
  return out;
}
module.exports = new Proxy({}, { get: (_t, k) => (typeof k === 'string' && k.startsWith('http') ? css(k) : undefined) });
