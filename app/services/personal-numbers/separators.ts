/** Spaces, hyphens and dashes that people type or paste inside numbers ("900101 - 1234567", "110‐123‐456789"). */
export const NUMBER_SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;
