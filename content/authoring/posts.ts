/** The insights blog posts, newest first. Plain-text form of portable-text.ts. */
import type { PostSource } from './blog';
import { MORE_POSTS } from './posts-more';

const FIRST_POSTS: PostSource[] = [
  {
    slug: 'same-day-delivery-sells-more-photos',
    title: 'Why Same-Day Delivery Sells More Photos',
    excerpt:
      'The moment after an experience is when people most want their photos. Here is how to be there with a link instead of a promise.',
    publishedAt: '2026-10-14T09:00:00Z',
    author: 'maya-okafor',
    categories: ['business', 'workflow'],
    image: 'deliverydayaperture',
    imageAlt: 'Warm light shining through the blades of a camera aperture',
    featured: true,
    body: `Every photographer who sells to the public knows the pattern. At the end of the event, people crowd around asking when they can see their photos. A week later, when the gallery finally goes live, half of them have moved on.

## Interest has a half-life

The desire to own a photo is strongest while the memory is fresh. A diver still dripping on the boat, a guest leaving a wedding at midnight, a family stepping off a zip line: each of them would pay *now*. Days later, the same photo competes with work emails and holiday laundry.

## What same-day looks like in practice

- **Upload in batches** during natural breaks — between dives, during speeches, while the next group gears up.
- **Create orders as you go**, one per customer or group, and hand over the link or QR code in person.
- **Keep the price simple.** One price per set converts better than a menu of options at the end of a long day.

## Prepare before the event

Same-day delivery is decided before the first shot. Create the gallery the night before, charge a spare battery for the phone or tablet you upload from, and check the venue's signal or bring a mobile hotspot. If you work with an assistant, agree who uploads and who talks to customers, so neither job waits for the other. Ten minutes of preparation buys you an evening of sales.

## Later is still possible

Later sales do not disappear — orders stay open for 30 days — but the first evening, while people are still talking about the day, is the best chance you will get.

> Sell while the story is still being told.

If your current process involves memory cards going home in a bag, try delivering one event the same day. You will not want to go back.`,
  },
  {
    slug: 'qr-codes-at-the-point-of-sale',
    title: 'QR Codes at the Point of Sale: A Practical Guide',
    excerpt:
      'A printed code on a sign, a lanyard or a receipt turns a crowd into customers. Where to put it, how big to print it and what to say next to it.',
    publishedAt: '2026-09-30T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['workflow'],
    image: 'qrcodehorizon',
    imageAlt: 'A low sun over a calm sea at dusk',
    body: `Every Shutterlane order comes with a QR code you can show on screen or download as PNG or SVG. Used well, it is the fastest way to get a customer from "that was amazing" to their photos.

## Where to put it

- **On the boat or at the exit:** a laminated sign where people wait is seen by everyone.
- **On a card handed over with a smile:** personal, and it survives a wet pocket if printed on plastic.
- **On your tablet:** for a single customer, show the order's code and let them scan it on the spot.

## Size and contrast

Print the code at least 3 cm wide for scanning at arm's length, and larger for a sign read from a few metres away. Keep a white border around it and avoid printing on glossy surfaces that reflect sunlight. The SVG download stays sharp at any size.

## Say what happens next

A code alone is a puzzle. A short line next to it is an invitation: *"Scan to see your photos from today — download in seconds."* Customers who know what they will get are far more likely to scan.

## One code per order, not per event

It is tempting to print one code for the whole day, but each order has its own code for a reason: it contains only that customer's photos. For groups, create the order as they leave and show its code on your screen. Use printed signs for what never changes, such as a code that leads to your booking site, and your screen for orders. Customers quickly learn the difference when the sign says *"Your photos: ask us for your code at the exit."*

## Test it yourself

Before the season starts, scan your own sign from where customers will stand, in the light they will have. It takes a minute and saves a summer of missed sales.`,
  },
  {
    slug: 'pricing-your-photo-packages',
    title: 'Pricing Your Photo Packages Without Guesswork',
    excerpt:
      'Single photos, bundles or free previews? A simple framework for setting prices your customers understand and your business can live on.',
    publishedAt: '2026-09-09T09:00:00Z',
    author: 'maya-okafor',
    categories: ['business'],
    image: 'pricingframes',
    imageAlt: 'Four framed shapes in a row, like prints on a gallery wall',
    body: `Pricing is the question photographers ask us most. There is no single right number, but there is a reliable way to find yours.

## Start from your costs

Add up what a working day costs you: equipment wear, travel, editing time, insurance, your plan and the 5% commission on each sale. Divide by the number of customers you typically serve in a day. That is the least each customer needs to spend for the day to be worth it.

## Price the set, not the file

Customers think in experiences, not files. A price for "all your photos from today's dive" is easier to say yes to than a per-photo price that makes people count. Most sellers find that one clear set price outperforms tiers.

## Use free orders deliberately

A free order is a powerful tool when it has a job:

1. A **preview** of two or three favourites that leads to a paid full set.
2. A **thank-you** to a couple, an organiser or a venue partner.
3. A **make-good** when something went wrong on the day.

## Make the price visible early

Customers who learn the price only at checkout hesitate. Mention it on your sign, at the briefing or on the booking confirmation: *"Your photos from today: £25 for the whole set."* When the order opens, the total is what they expected, and paying takes seconds. The price a customer sees is the price they pay; your commission and the card fees come out of it, so build them into the number rather than adding surprises.

## Review every season

Look at how many customers open their link and how many buy. If almost everyone buys, your price may be too low. If many open and few buy, try a lower set price or a free preview first. Small, deliberate changes tell you more than big jumps.`,
  },
  {
    slug: 'underwater-photo-sales-on-the-dive-boat',
    title: 'Selling Underwater Photos on the Dive Boat',
    excerpt:
      'Limited time, wet hands and patchy signal: how dive photographers deliver photos before the boat is back in the harbour.',
    publishedAt: '2026-08-19T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['industry', 'workflow'],
    image: 'divingblue',
    imageAlt: 'Deep blue water fading to light near the surface',
    body: `Dive photography has a unique rhythm. You have one chance per dive, a surface interval to prepare, and a boat ride home when your customers are relaxed, happy and reachable.

## Use the surface interval

Offload the card as soon as you are back on board, pick the best frames for each buddy pair and upload them. By the time the second dive is briefed, orders can be ready.

## Plan for weak signal

Out at sea the connection comes and goes. Choose **optimized** quality for uploads made on the boat: the files look the same on a phone and move far faster. Keep original quality for the full set you upload back at the centre.

## Make buying part of the debrief

The best moment to share photos is during the debrief, when everyone is talking about the turtle or the wreck. Show the QR code on your tablet and let divers scan it there and then. Nobody needs an account, and payment takes seconds.

## Respect the kit and the customers

Salt water and electronics do not mix. Keep a dry box for the tablet, a towel for your hands and a fresh card for every dive, so an upload never competes with rinsing gear. Ask divers before the first dive whether they want photos at all, and note who said no: a quiet list on your slate saves an awkward moment when the codes come out. And keep the briefing's safety message first. The camera follows the dive, never the other way round.

## Follow up from the centre

Divers who did not buy on the boat often buy in the evening, when they are showing friends their dive log. The order link stays valid for 30 days, so a short reminder from the dive centre is all it takes.`,
  },
  {
    slug: 'wedding-guests-as-customers',
    title: 'Wedding Guests Are Customers Too',
    excerpt:
      'The couple hired you, but a hundred guests would love their own photos. How to offer them without stepping on the couple’s toes.',
    publishedAt: '2026-07-22T09:00:00Z',
    author: 'maya-okafor',
    categories: ['industry', 'business'],
    image: 'weddingblush',
    imageAlt: 'Soft overlapping circles of pink and cream light',
    body: `Wedding photographers have always had a second audience: the guests. Traditionally they wait for the couple to share a gallery link weeks later, and most never buy a thing.

## Agree it with the couple first

Guest sales work best when the couple is on board. Many couples love the idea that their guests can take home photos without them having to forward hundreds of files. Put it in your contract and let them choose.

## Keep the couple's gallery separate

Deliver the couple's full gallery as its own order. For guests, create smaller orders per table or family from the same gallery. Nobody sees photos that were not meant for them.

## Timing is everything

A few free favourites the same evening create delight. A paid set for each family a day or two later, while everyone is still sharing memories, turns that delight into sales.

## What the couple gets out of it

Couples often worry that selling to guests cheapens their day. In practice, it removes a chore: nobody asks them for photos in the weeks after the wedding, and every guest leaves with pictures of the moments they shared. Some couples choose to pay for their guests' photos as a thank-you; a free order per table makes that easy and costs no commission.

## Practical on the night

- Bring a printed card per table with a short line about how guests will receive their photos.
- Upload the first favourites during dinner, when you are not needed.
- Keep the couple's private portraits out of guest orders.

## A gentle touch

- Keep prices modest: guests are buying memories, not a commissioned shoot.
- Let the couple decide whether their guests see the prices on the night or afterwards.
- Thank guests by name when you hand over codes — the personal moment matters.`,
  },
  {
    slug: 'nightlife-photos-that-build-a-following',
    title: 'Nightlife Photos That Build a Following',
    excerpt:
      'Fast delivery turns club photos into social posts that tag the venue. How nightlife photographers grow their reach one night at a time.',
    publishedAt: '2026-06-25T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['industry'],
    image: 'nightlifeneon',
    imageAlt: 'Neon pink and violet panels glowing in the dark',
    body: `Nightlife photos have a short shelf life. The night people share them is the night they are worth the most — to the guests, and to the venue that wants to be tagged.

## Deliver before the taxi ride home

Upload in short batches during the night. Create an order for each group as they leave and show the QR code at the exit. Guests who scan on the way out post from the back seat.

## Free for reach, paid for keeps

Many nightlife photographers give a free set to every guest, then offer a premium edited set for a small price. The free set builds the following; the paid set pays the bills. Free orders carry no commission.

## Work with the venue

Agree with the venue how photos are shared and credited. A venue that sees its name in hundreds of posts the morning after will book you again.

## A night in three batches

1. **Arrivals:** groups at the entrance or the photo wall, uploaded within the first hour while the room fills up.
2. **Peak:** the dance floor and the DJ, shot in short bursts and uploaded during a break.
3. **Closing:** the last groups at the exit, each with their own order and code as they leave.

Working in batches keeps the upload queue short, and every group receives their photos while they are still out.

## Keep it fast on the phone

Nightlife photos are viewed on phones, often on mobile data. Upload in **optimized** quality: the photos look the same on a screen and load in a second, which matters when someone is posting from the back of a taxi.

## Respect the room

Nightlife is personal. Ask before you shoot close-ups, never publish photos someone asked you not to, and follow our [Acceptable Use Policy](/acceptable-use-policy). A reputation for discretion is the best marketing you have.`,
  },
  {
    slug: 'introducing-team-uploads',
    title: 'Introducing Team Uploads',
    excerpt:
      'Several photographers, several devices, one gallery. Team uploads keep busy days organised without passing memory cards around.',
    publishedAt: '2026-05-28T09:00:00Z',
    author: 'maya-okafor',
    categories: ['product-news', 'workflow'],
    image: 'teamframes',
    imageAlt: 'Four translucent frames side by side on a dark background',
    body: `Busy days rarely have a single photographer. One person shoots from the boat while another works the pier; one covers the ceremony while another roams the reception. Until now, bringing their photos together meant passing cards and laptops around.

## One gallery, many devices

With team uploads, everyone on your team uploads into the same gallery from their own phone, tablet or laptop. Photos appear in the gallery as soon as they are processed, ready to be added to orders.

## What it changes

- **No more card shuffling** at the end of the day.
- **Orders from anywhere:** whoever is with the customer creates the order and shows the code.
- **One set of numbers:** photos, orders and sales add up in one dashboard.

## Who does what

A team works best with clear roles. On a dive boat, one person may shoot while the skipper's assistant uploads and hands out codes. At a wedding, the second shooter uploads the reception while the lead photographer keeps working. Everyone uses their own device, and nobody waits for anyone else's card. At the end of the day, every photo is already in one place, ready for the next order.

## What came next

Teams told us what they wanted next, and all of it has shipped since: an **offline queue**, so photos taken with no signal upload by themselves when the connection returns; **auto-import** from a folder on a computer, such as a camera card, so nobody has to pick files by hand; **public galleries**, where guests browse a whole event and buy the photos they pick; and **Find my photos**, where a guest takes a selfie and sees the photos they appear in. Each person on a team now also has their own sign-in and a role, so nobody shares a password, and the galleries and orders say who made them.

## Getting started

Open a gallery from your dashboard and upload from any signed-in device. Photos that are still processing show it in the gallery, so everyone can see what has arrived.

We built team uploads with the dive centres, tour operators and event teams who asked for it. Tell us through the [support centre](/support) how it works for you.`,
  },
  {
    slug: 'adventure-photography-checklist',
    title: 'The Adventure Photographer’s Delivery Checklist',
    excerpt:
      'From zip lines to white water: a checklist for delivering action photos to customers while they are still catching their breath.',
    publishedAt: '2026-04-30T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['industry', 'workflow'],
    image: 'adventuresummit',
    imageAlt: 'A pale sun above layered green hills',
    body: `Adventure activities run on tight schedules. Groups arrive, gear up, go, and leave. Photos have to keep pace. This is the checklist we hear from operators who deliver every group's photos before they reach the car park.

## Before the season

1. Print a QR sign for the finish area and test it in full sunlight.
2. Decide a single set price per person and a group price.
3. Make sure your Stripe account is verified — it can take up to 1–2 business days.

## During the day

1. Upload after every group, even if only a few frames.
2. Create one order per group and show the code at the debrief.
3. Use optimized quality when the connection is slow.

## After the day

1. Check for customers who opened their link but did not buy and ask the front desk to mention it at check-out.
2. Upload any extra edits to the same gallery.
3. Look at the day's sales in your dashboard and note what worked.

## When things go wrong

- **No signal at the finish:** upload optimized photos at the base when the group returns, and hand over codes at check-out instead.
- **A customer missed their code:** find their order in your dashboard and show the code again, or give the link to the front desk.
- **A blurred or missed shot:** a free order with the group's best frames keeps the goodwill, and often sells next time.

## Why it matters

Adventure customers come once, often on holiday. There is rarely a second chance to sell them their photos, and a group that leaves happy with pictures in hand is the best advertising you can get: their posts reach exactly the people who book activities like yours.

> The best action shot is the one the customer actually takes home.`,
  },
];

/** Every post, newest first (the draft in content-documents.ts is an edit of the first). */
export const POSTS: PostSource[] = [...FIRST_POSTS, ...MORE_POSTS].sort((a, b) =>
  b.publishedAt.localeCompare(a.publishedAt),
);
