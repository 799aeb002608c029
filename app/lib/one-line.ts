// One-line fields (names, addresses, subjects, file names) must stay on one line everywhere they are stored,
// mailed or written to a feed: a line break in a name would add lines of its own to an email, a header or a
// calendar file. The rule is to fold, never to refuse: each run of line breaks becomes one space. Browsers
// cannot type a line break into a one-line input, so only hand-made requests meet it.

/** Every line break: CR, LF, VT, FF, NEL (U+0085), LINE SEPARATOR (U+2028), PARAGRAPH SEPARATOR (U+2029). */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;

/** `text` on one line: each run of line breaks folded to one space. */
export const oneLine = (text: string) => text.replace(LINE_BREAKS, " ");
