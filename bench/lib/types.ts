export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Record<string, string | number>[]>;
}
