import { useEffect, useRef, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import type { PdfDocument } from './pdf-document.ts';

const t = chatCopy.pdfViewer;

/** Canvas pixels of one page at most (an A0 poster on a high-density screen would take hundreds of MB). */
const MAX_CANVAS_PIXELS = 16_000_000;
/** How far ahead of the screen a page starts being drawn. */
const DRAW_AHEAD = '100% 0px';

/**
 * One page, drawn on a canvas once it comes near the screen (a long PDF is never drawn whole), at the
 * width it is shown times the screen's pixel density. Until then it keeps the first page's shape.
 */
export function PdfPage({
  pdf,
  number,
  count,
  ratio,
}: {
  pdf: PdfDocument;
  number: number;
  count: number;
  /** Width over height, until the page's own is known. */
  ratio: number;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [shape, setShape] = useState(ratio);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let cancelDrawing: (() => void) | undefined;
    (async () => {
      const page = await pdf.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const target = canvas.current;
      if (cancelled || !target) return;
      setShape(natural.width / natural.height);
      const shownWidth = frame.current?.clientWidth || natural.width;
      let scale = (shownWidth / natural.width) * (window.devicePixelRatio || 1);
      const pixels = natural.width * natural.height * scale * scale;
      if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
      const viewport = page.getViewport({ scale });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      const drawing = page.render({ canvas: target, viewport });
      cancelDrawing = () => drawing.cancel();
      await drawing.promise;
      if (!cancelled) setState('drawn');
    })().catch(() => {
      // A cancelled drawing (the page left) rejects too; only a real failure is shown.
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      cancelDrawing?.();
    };
  }, [near, pdf, number]);

  return (
    <div
      ref={frame}
      className="relative w-full bg-white shadow-sm ring-1 ring-slate-200"
      style={{ aspectRatio: shape }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={t.page(number, count)}
        data-state={state}
        className="block h-full w-full"
      />
      {state === 'failed' ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-600">
          {t.pageFailed}
        </p>
      ) : null}
    </div>
  );
}
