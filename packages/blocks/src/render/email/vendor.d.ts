// mjml 5 and html-to-text 10 ship no type declarations: the parts Funnelwork calls, as their READMEs describe them.

declare module 'mjml' {
  export type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  export type MjmlOptions = {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
    beautify?: boolean;
    fonts?: Record<string, string>;
    ignoreIncludes?: boolean;
    useMjmlConfigOptions?: boolean;
    /** Text juice sets aside while it inlines `<mj-style inline="inline">`: regex sources, start and end. */
    juicePreserveTags?: Record<string, { start: string; end: string }>;
  };
  /** mjml 5 compiles asynchronously; 'strict' rejects with an error whose `errors` lists the problems. */
  export default function mjml2html(
    mjml: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>;
}

declare module 'html-to-text' {
  export type HtmlToTextOptions = {
    wordwrap?: number | false | null;
    selectors?: { selector: string; format?: string; options?: Record<string, unknown> }[];
  };
  export function convert(html: string, options?: HtmlToTextOptions): string;
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
