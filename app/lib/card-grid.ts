/**
 * The classes of a list of cards for how many it holds, up to `columns` across on wide screens: one
 * card alone is centred at a reading width (never half a row beside an empty half, nor a third), two
 * share a row, and more fill rows whose last row is centred, so three and two leave no hole. Each
 * card's width is set on its list item, so the rows wrap as the screen narrows.
 */
export function cardGrid(count: number, columns: 2 | 3): { list: string; item: string } {
  if (count <= 1) return { list: "mx-auto max-w-3xl", item: "" };
  const list = "flex flex-wrap justify-center gap-6";
  if (columns === 2 || count === 2) return { list, item: "w-full md:w-[calc((100%-1.5rem)/2)]" };
  return { list, item: "w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]" };
}
