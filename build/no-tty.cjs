// supports-color (inside chalk) asks tty.isatty(1) and (2) when it loads, for a default instance bm never
// uses: bm passes the stream's own isTTY to createSupportsColor. Answering here spares loading node:tty
// (about 4 ms) on runs whose stdout is not a terminal; on a terminal Node has loaded it already.
exports.isatty = () => false;
