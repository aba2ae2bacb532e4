/** The full-screen viewer's own controls, named alike in every gallery that uses it (ours). */
export const viewerLabels = {
  Previous: 'Previous photo',
  Next: 'Next photo',
  Close: 'Close viewer',
  Carousel: 'Photos',
  Slide: 'Photo',
  Lightbox: 'Photo viewer',
} as const;
