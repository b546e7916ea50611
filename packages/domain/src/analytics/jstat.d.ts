/** The part of jStat (no published types) that the A/B verdict uses. */
declare module 'jstat' {
  const jStat: {
    betaln(a: number, b: number): number;
    beta: {
      pdf(x: number, alpha: number, beta: number): number;
      cdf(x: number, alpha: number, beta: number): number;
      sample(alpha: number, beta: number): number;
    };
  };
  export default jStat;
}
