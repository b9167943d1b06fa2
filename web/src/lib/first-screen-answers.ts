// The API answers a server-rendered document carries (src/server/render.tsx puts in those its page
// was rendered from): the first screen's GETs, answered without a round trip. Each is used once, by the
// first screen's own call (firstScreenApi in api-client.ts); a retry or a later visit asks the server.

export interface CarriedAnswer {
  status: number;
  body: unknown;
}

let carried: Map<string, CarriedAnswer> | undefined;

function read(): Map<string, CarriedAnswer> {
  const answers = new Map<string, CarriedAnswer>();
  const element = typeof document === 'undefined' ? null : document.getElementById('first-screen-answers');
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (typeof parsed !== 'object' || parsed === null) return answers;
    for (const [url, answer] of Object.entries(parsed)) {
      const { status, body } = (answer ?? {}) as Partial<CarriedAnswer>;
      if (typeof status === 'number') answers.set(url, { status, body });
    }
  } catch (error) {
    // A document cut short: the page asks for its answers itself.
    console.error('The first screen\'s answers in the page could not be read', error);
  }
  return answers;
}

/** The answer the document carries for GET `url` (path and query as the app writes them), once. */
export function takeCarriedAnswer(url: string): CarriedAnswer | undefined {
  carried ??= read();
  const answer = carried.get(url);
  carried.delete(url);
  return answer;
}

/** Reads the document again (tests). */
export function forgetCarriedAnswers(): void {
  carried = undefined;
}
