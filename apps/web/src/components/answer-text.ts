/**
 * The box of an AI answer's text: the same whether it is drawn as markdown (markdown-answer.tsx) or, while
 * that code loads, as plain text, so that nothing around it moves when one takes the other's place.
 */
export const answerTextClass = 'space-y-3 break-words text-[15px] leading-relaxed text-slate-800';
