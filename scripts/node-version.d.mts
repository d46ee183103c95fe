export declare const SUPPORTED_NODE_MAJOR: number;
export declare function unsupportedNodeMessage(version?: string): string | null;
export declare function requireSupportedNode(): void;
