/** The FAQs of the support centre and the home page, by category (spec section 3), in display order. */
export type FaqCategory = 'general' | 'product' | 'shipping' | 'returns' | 'account' | 'technical';

export interface FaqSource {
  question: string;
  answer: string;
}

export const FAQS: Record<FaqCategory, FaqSource[]> = {
  general: [
    {
      question: 'What is Shutterlane?',
      answer: `Shutterlane is a photo delivery and sales service for photographers. You upload a shoot, create an order for each customer and send them a link. Your customer opens the link, pays by card if the photos are not free, and downloads full-resolution files straight away.

It is built for photographers who meet many customers in a day — on a boat, at a dive centre, at a party — and want every one of them to leave with a way to get their photos.`,
    },
    {
      question: 'Do my customers need an account to get their photos?',
      answer: `No. Customers only need the order link or QR code you give them. They open it on any phone or computer, confirm their email address for the receipt, pay if there is a price, and download. There is no app to install and no password to remember.`,
    },
    {
      question: 'How much does Shutterlane cost?',
      answer: `You choose a monthly plan on the [pricing page](/pricing), and a **5% commission** applies to each paid transaction. Free deliveries carry no commission. Card processing is handled by Stripe, whose fees are shown in your Stripe dashboard.`,
    },
    {
      question: 'How do I sign up as a photographer?',
      answer: `Seller accounts are opened with an invitation code while we grow carefully. If you have a code, choose **Get Started**, enter it with your email address and set a password. If you do not have one yet, join the waiting list and we will be in touch.`,
    },
    {
      question: 'How long can customers access their photos?',
      answer: `An order stays available for **30 days** from the moment you create it. Within that time your customer can open the link as often as they like. After it expires, the link shows that the order is no longer available, and you can create a new order if they still need the photos. Once an order is paid or completed, its photos stay available for 30 days: a customer who gave an email is reminded 7 days and 1 day before the end, and you can give the order more days from your orders list, or set a price at which the customer can buy 30 more days once access has ended.`,
    },
    {
      question: 'Which devices does Shutterlane work on?',
      answer: `Shutterlane runs in the browser on phones, tablets and computers. Customers can download single photos, share them from their phone, or save the whole order as one ZIP file on a computer.`,
    },
  ],
  product: [
    {
      question: 'Can I sell some photos and give others away for free?',
      answer: `Yes. Every order has its own price, so you can deliver a free selection to one customer and sell a full set to another. A free order skips payment: the customer confirms their email and downloads immediately.`,
    },
    {
      question: 'What quality do my customers receive?',
      answer: `When you upload, you choose between **original** quality, which delivers the file exactly as you shot or edited it, and **optimized** quality, which produces a smaller file that looks the same on a phone and downloads faster on weak connections.`,
    },
    {
      question: 'Can several photographers on my team use one account?',
      answer: `Yes. Your team can upload from several devices into the same galleries, so the person on the boat and the person at the desk work from one set of photos and one list of orders.`,
    },
  ],
  shipping: [
    {
      question: 'How are photos delivered?',
      answer: `Digitally, by link. After payment the customer is taken straight to their gallery, and we also email them a download link so they can come back later. Nothing is shipped by post.`,
    },
    {
      question: 'My customer paid but has not received the email. What should they do?',
      answer: `Preparing the photo access link can take a couple of minutes. If the email has not arrived after that, ask your customer to check their spam or promotions folder. The order link you gave them also opens the gallery directly once payment is complete.`,
    },
    {
      question: 'Can customers download all photos at once?',
      answer: `Yes. In the gallery, **Download All** saves every photo of the order as one ZIP file. On phones, customers can also save or share photos one at a time from the viewer.`,
    },
  ],
  returns: [
    {
      question: 'Can a customer get a refund?',
      answer: `Because photos are delivered digitally and can be downloaded as soon as payment is complete, purchases are normally final. If something went wrong — the wrong photos, a duplicate payment, a technical fault — contact us and we will work it out with you and the photographer. Once an order is refunded in full, or its payment is disputed with the bank, its photos are no longer available to download; a partial refund leaves them available. Our [cancellation and refund policy](/cancellation-refund) has the details.`,
    },
    {
      question: 'A customer was charged twice. What happens?',
      answer: `Each order is paid once. If a second payment for the same order still goes through (for example from a second browser tab), it is refunded in full automatically, and the photographer's order list shows it; the refund can take a few business days to appear on the customer's statement. If you see two charges that were not refunded, contact support with the order ID.`,
    },
    {
      question: 'How do I cancel my subscription?',
      answer: `You can cancel at any time from the billing portal linked in your dashboard. Your plan stays active until the end of the period you have paid for, and your customers can still open orders that have not yet expired.`,
    },
  ],
  account: [
    {
      question: 'How do I get paid?',
      answer: `Connect a Stripe account from your dashboard. Onboarding takes **5–10 minutes**, and verification can take up to **1–2 business days**. Once verified, payments for your orders go to your Stripe account: Stripe's card fee and our **5%** come out of each payment, and the rest is paid out to your bank **28 days** after the customer pays. Your orders list shows each payment's fees, net and payout date.`,
    },
    {
      question: 'I forgot my password. How do I reset it?',
      answer: `On the sign-in page choose **Forgot password?**, enter your email address and we will send you a code. Enter the code with your new password and you are back in.`,
    },
    {
      question: 'Can I close my account?',
      answer: `Yes. Contact support from the email address on your account and we will close it. Orders that are still open stay available to your customers until they expire, so nobody loses photos they have paid for.`,
    },
  ],
  technical: [
    {
      question: 'Where are my photos stored?',
      answer: `Photos are stored encrypted in Amazon Web Services data centres. Originals are private: customers only ever receive time-limited download links for the orders they hold.`,
    },
    {
      question: 'How long do you keep photos after an order expires?',
      answer: `Your galleries stay in your account until you delete them. Expired orders no longer give customers access, but the photos remain yours to reuse in a new order.`,
    },
    {
      question: 'What personal data do you keep about my customers?',
      answer: `Only what delivery needs: the email address for the receipt and download link, and the payment record that Stripe keeps. We never see or store card numbers. Our [privacy policy](/privacy) explains each purpose and how long we keep it.`,
    },
  ],
};
