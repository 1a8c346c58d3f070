type LaunchOptions = { executablePath: string; args: string[] };
export declare const chromiumLaunchOptions: LaunchOptions;
export declare const testLaunchOptions: LaunchOptions;
