/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('@yuexun/contract').SiteContext;
    /** Set by the page while it renders; read by the server afterwards (caching, keeping). */
    page: import('@yuexun/contract').PageFacts;
  }
}
