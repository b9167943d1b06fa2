// Whether a document is rendered with the data saver on (src/lib/data-saver.ts): the visitor's choice,
// kept in the mtaani_data cookie by the footer's switch, beats their browser's hint (Save-Data: on,
// which Chrome sends in its Lite mode and pairs with navigator.connection.saveData).
import { dataSaverChoice } from '@/lib/data-saver-cookie';

/** The data saver of a request: its mtaani_data cookie, else its Save-Data header. */
export function chooseDataSaver(cookie: string | undefined, saveData: string | string[] | undefined): boolean {
  return dataSaverChoice(cookie ?? '') ?? [saveData ?? []].flat().some((value) => value.trim().toLowerCase() === 'on');
}
