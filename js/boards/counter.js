// The size of a pile's counter ("2/52" in a pill under the card), which both the boards' gaps and the
// drawing need: legible when cards are small (never under 10 px), in proportion when they are large.

/** The counter's font size in CSS pixels for cards `cardW` wide. */
export const counterFont = (cardW) => Math.max(10, cardW * 0.2);

/** The counter pill's height, and the room a row of counters needs under its cards. */
export const counterHeight = (cardW) => counterFont(cardW) * 1.45;
export const counterRoom = (cardW) => counterHeight(cardW) + Math.max(3, cardW * 0.07);
