export const LAZY_NAMESPACE: string;
export function lazyNamespaces(text: string): { text: string; count: number };
