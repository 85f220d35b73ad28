// text-readability ships no types; the part the content check uses.
declare module 'text-readability' {
  const readability: {
    fleschKincaidGrade(text: string): number;
    textStandard(text: string, floatOutput?: boolean | null): number | string;
  };
  export default readability;
}
