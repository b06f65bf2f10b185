/**
 * Turn-by-turn directions ("Turn left onto Elm Road", "Continue onto the A1", "Arrive at …"): a
 * text with two or more is a route. Its figures (travel time, distance) are of that trip and that
 * moment, and the streets it turns through are directions, not places the user cares about; its
 * destination is. The semantic agent and the graph read routes with these.
 */
/** A step may open with its mode's label ("By bike: Head south …") or its number. */
const DIRECTION =
  /^(?:[\p{L} ]{1,24}:\s+)?(?:\d{1,2}[.)]\s*)?(?:head (?:north|south|east|west|northeast|northwest|southeast|southwest)\b|turn (?:left|right)\b|(?:slight|sharp) (?:left|right)\b|keep (?:left|right)\b|bear (?:left|right)\b|continue (?:onto|on|straight)\b|take the .{1,20} exit\b|make a u-turn\b|at the roundabout\b|arrive at\b|your destination\b|links abbiegen|rechts abbiegen|tournez à (?:gauche|droite)|gire a la (?:izquierda|derecha)|vire à (?:esquerda|direita)|svoltare a (?:sinistra|destra))/iu;
const ARRIVAL = /^(?:[\p{L} ]{1,24}:\s+)?(?:\d{1,2}[.)]\s*)?(?:arrive at|your destination|ankunft|arriv[ée]e|llegada|chegada|arrivo)\b/iu;
const MIN_DIRECTIONS = 2;

/**
 * The steps of a text: its lines, the cells of a line OCR read beside a side column ("Share route
 * 3. Continue onto …"), and the parts of a step list joined with arrows ("Head south on X → Turn …").
 */
function stepsOf(text: string): string[] {
  return text.split(/\n|\s{3,}|\s*[→➔]\s*/).map((s) => s.trim()).filter(Boolean);
}

/** The direction steps of a text, when it is a route (two or more), else none. */
export function routeSteps(text: string): string[] {
  const steps = stepsOf(text).filter((s) => DIRECTION.test(s));
  return steps.length >= MIN_DIRECTIONS ? steps : [];
}

export function showsRoute(text: string): boolean {
  return routeSteps(text).length > 0;
}

/** The step that names where the route ends ("Arrive at Quayside Books, Leeds"). */
export function arrivalStep(step: string): boolean {
  return ARRIVAL.test(step);
}
