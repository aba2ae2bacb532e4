/** The seven business-type cards of the home page (spec section 2), in display order. */
export interface BusinessTypeSource {
  slug: string;
  title: string;
  description: string;
  whyItMatters: string[];
}

export const BUSINESS_TYPES: BusinessTypeSource[] = [
  {
    slug: 'weddings-and-celebrations',
    title: 'Weddings & Celebrations',
    description:
      'Give every guest a way to take home the moments they were part of, while the couple receives the full gallery.',
    whyItMatters: [
      'Guests buy their own photos instead of asking the couple to forward them',
      'Free sneak-peek orders the same evening keep excitement high',
      'One gallery, many orders: each family gets exactly their set',
    ],
  },
  {
    slug: 'corporate-events',
    title: 'Corporate Events',
    description:
      'Deliver headshots, stage shots and networking photos to attendees and organisers without a shared drive in sight.',
    whyItMatters: [
      'Attendees scan a QR code at the booth and have their headshot before lunch',
      'Organisers receive the complete set for press and social media',
      'No accounts for attendees, so nobody drops off at a sign-up form',
    ],
  },
  {
    slug: 'tourism-photography',
    title: 'Tourism Photography',
    description:
      'Sell souvenir photos at landmarks and viewpoints to visitors who are only in town for a day.',
    whyItMatters: [
      'Visitors pay by card on their own phone in seconds',
      'No printing queue, no cash handling, no lost sales when a tour bus leaves',
      'Photos stay available for 30 days after the visitor has flown home',
    ],
  },
  {
    slug: 'scuba-diving',
    title: 'SCUBA Diving',
    description:
      'Turn the underwater photos from every dive into a simple purchase back at the dive centre or on the boat.',
    whyItMatters: [
      'Upload between dives and hand out order links during the surface interval',
      'Divers see their own photos and buy the ones they love',
      'Original-quality files for divers who want to print or edit',
    ],
  },
  {
    slug: 'boat-tours',
    title: 'Boat Tours',
    description: 'Offer every passenger their photos from the trip before they step back onto the pier.',
    whyItMatters: [
      'A QR code on the deck sign is all a passenger needs',
      'Optimized-quality files download quickly even on patchy coastal signal',
      'Every booking becomes a sales opportunity without extra crew',
    ],
  },
  {
    slug: 'adventure-activities',
    title: 'Adventure Activities',
    description:
      'Zip lines, rafting, skydiving and climbing: deliver the action shots while the adrenaline is still high.',
    whyItMatters: [
      'Customers buy at the peak of excitement, straight after the activity',
      'Team uploads from several cameras land in one gallery',
      'Group orders let a whole party share one link',
    ],
  },
  {
    slug: 'nightlife-photography',
    title: 'Nightlife Photography',
    description:
      'Share club and event photos with the people in them the same night, and build a following for the venue.',
    whyItMatters: [
      'Guests find their photos by scanning a code at the exit',
      'Free orders for promoters, paid orders for premium sets',
      'Fast delivery means photos are shared while the night is still being talked about',
    ],
  },
];
