export declare const CONTENT_END_ID: string;
export declare function holdFirstFrameForContent(html: string): string;
