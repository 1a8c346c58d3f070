export declare function formatted(path: string, text: string): Promise<string>;
