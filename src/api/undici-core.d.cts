import type { Agent as UndiciAgent, EnvHttpProxyAgent } from 'undici';

export declare const Agent: typeof UndiciAgent;
export declare function loadEnvHttpProxyAgent(): typeof EnvHttpProxyAgent;
