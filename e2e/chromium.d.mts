/** Debian's Chromium, or CHROMIUM_PATH. */
export declare const chromiumPath: string;
/** The flags Chromium needs on these machines (closed network, run as root). */
export declare const chromiumArgs: string[];
