/**
 * A length of time written as a clock ("1:25", "2:05 h") right after a label that says it is a length:
 * "Travel time 1:25", "Fahrzeit 1:25", "Durée 2:10", "Run time 1:58". Without such a label "1:25" is
 * a time of day, and never the answer to "how long".
 */
const LENGTH_LABEL =
  /\b(?:duration|travel\s+time|journey\s+time|flight\s+time|flying\s+time|driving\s+time|drive\s+time|trip\s+time|run\s?time|running\s+time|length|dauer|fahrzeit|fahrtdauer|reisezeit|reisedauer|flugzeit|flugdauer|laufzeit|spieldauer|durée|durée\s+du\s+(?:vol|trajet)|temps\s+de\s+(?:trajet|vol|parcours)|duración|duración\s+del\s+(?:vuelo|viaje)|tiempo\s+de\s+(?:viaje|vuelo)|duração|tempo\s+de\s+(?:viagem|voo)|durata|tempo\s+di\s+(?:viaggio|volo)|reistijd|reisduur|vliegtijd|rijtijd|looptijd|speelduur)\s*:?\s*(?:[0-9]{1,2}:[0-5][0-9])(?:\s?(?:h|hrs?|std\.?|uur))?(?![\d:])/iu;

/** The clock-written length a text gives under a length label ("1:25" of "Fahrzeit 1:25"), or null. */
export function clockLengthIn(text: string): string | null {
  const m = LENGTH_LABEL.exec(text);
  return m ? /\d{1,2}:\d{2}(?:\s?(?:h|hrs?|std\.?|uur))?$/iu.exec(m[0])![0] : null;
}
