/**
 * The full-screen viewer both galleries open (yet-another-react-lightbox, with the shared settings):
 * a photo index of -1 keeps it closed. Only the lazily loaded viewers import this module, so the
 * library and its styles stay out of the galleries' first download.
 */
import Lightbox, { type Labels, type SlideImage, type ToolbarSettings } from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { LIGHTBOX_SETTINGS } from '../lib/lightbox-settings';

export interface PhotoLightboxProps {
  slides: SlideImage[];
  /** The open photo's index; -1 when closed. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  labels: Labels;
  toolbar?: ToolbarSettings;
  /** No wrapping from the last slide to the first (slides still to come, as a gallery's next page). */
  finite?: boolean;
}

export function PhotoLightbox({
  slides,
  index,
  onIndexChange,
  onClose,
  labels,
  toolbar,
  finite = false,
}: PhotoLightboxProps) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={slides}
      on={{ view: ({ index: viewed }) => onIndexChange(viewed) }}
      labels={labels}
      toolbar={toolbar}
      {...LIGHTBOX_SETTINGS}
      carousel={{ ...LIGHTBOX_SETTINGS.carousel, finite }}
    />
  );
}
