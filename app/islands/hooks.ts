/**
 * The attributes the server draws on markup an island enhances: the only thing a page and its island
 * scripts share, besides the markup itself.
 */
export const siteHooks = {
  /** On the header's menu (`<details>`). */
  menu: "data-menu",
  /** On a link to a section of the same page: the section's id. */
  sectionLink: "data-section-link",
  /** On a navigation link to a section of the home page: the section's id. */
  homeSection: "data-home-section",
  /** On "View All Services": the home page's section to scroll to once there, after `delay` ms. */
  scrollOnArrival: "data-scroll-on-arrival",
  delay: "data-delay",
} as const;

export const officeMapHooks = {
  /** The map's box, which holds the drawing and, in a `<template>`, the map's frame. */
  box: "data-office-map",
  /** The "Show map" button. */
  show: "data-show-map",
} as const;
