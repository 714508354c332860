export const STAMP_PLACEHOLDER: string;
export function stamped(text: string): string;
