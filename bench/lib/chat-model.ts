/** The benchmark model's answer: a first token, then 40 more (sent after 50 ms, then one every 20 ms). */
export const BENCH_TOKENS = Array.from({ length: 41 }, (_, i) => (i === 0 ? 'Hola' : ` palabra${i}`));
export const FIRST_TOKEN_MS = 50;
export const TOKEN_MS = 20;
/** What every benchmark client asks (Rumbo, the model server directly, or the relay floor). */
export const BENCH_QUESTION = '¿Cómo consigo mis primeros clientes?';
