// The text of the six sample articles (each has its page, /blog/{id}), by article id. Kept
// apart from the list's data so /blogs does not download them.
import { t } from '@/lib/i18n';

export interface ArticleSection {
  /** A subheading; the first section of an article has none. */
  heading?: string;
  paragraphs: readonly string[];
  /** A short list after the paragraphs (steps, a checklist). */
  list?: readonly string[];
}

export const articleBodies: Record<string, readonly ArticleSection[]> = {
  'natural-hair-dry-season': [
    {
      paragraphs: [
        t("From January to March, and again from June to September, Nairobi's air dries out. Dust from the roads settles on everything, the midday sun is strong and the evenings turn cold. Coily and kinky hair, which already struggles to carry its natural oils from root to tip, feels it first: ends that snap, a scalp that itches and flakes, twists that look dull by Wednesday."),
        t('The good news is that a simple routine, done consistently, keeps most of that damage away. We asked three stylists who work with natural hair every day in Kilimani, Rongai and Thika what they tell their clients.'),
      ],
    },
    {
      heading: t('Moisture first, then seal it in'),
      paragraphs: [
        t('Water is the only true moisturiser. Everything else either helps hair hold on to it or keeps it from leaving. That is the idea behind the LOC method: a Liquid (water or a water-based leave-in), then an Oil, then a Cream.'),
      ],
      list: [
        t('Mist each section with water or a leave-in conditioner until it is damp, not dripping.'),
        t('Seal with a light oil: jojoba, castor mixed with a little coconut, or shea oil.'),
        t('Finish with a cream or butter, working it from the ends upward.'),
        t('Redo the ends every two to three days; they are the oldest and thirstiest part of your hair.'),
      ],
    },
    {
      heading: t('Touch it less'),
      paragraphs: [
        t('Every time you comb, detangle or restyle, a few strands break. In the dry months, choose low-manipulation styles you can keep for two to four weeks: twists, cornrows, bantu knots, or knotless braids that are not pulled tight at the edges. Ask your stylist to leave the hairline alone if it is already thin.'),
        t('Cover your hair on matatu rides and dusty walks, and sleep on a satin scarf or pillowcase: cotton drinks the moisture you worked to put in.'),
      ],
    },
    {
      heading: t('Wash gently, and not too often'),
      paragraphs: [
        t('Shampoo once every one to two weeks with a sulphate-free cleanser, and follow every wash with a deep conditioner under a warm towel for twenty minutes. Between washes, rinse your scalp with water if dust has built up, and oil the scalp lightly, not heavily: a clogged scalp itches more.'),
        t('When the rains return, your hair will thank you. Until then, a stylist near you on Mtaani can set you up with a protective style and a routine to match.'),
      ],
    },
  ],
  'choosing-a-bridal-makeup-artist': [
    {
      paragraphs: [
        t('Your makeup artist is one of the first people you see on your wedding day and one of the last you think about when planning it. Yet their work is in every photograph you will keep for the rest of your life. Here is how brides who booked through Mtaani found the right one.'),
      ],
    },
    {
      heading: t('Look for your skin in their portfolio'),
      paragraphs: [
        t('A portfolio of beautiful faces tells you little if none of them look like you. Ask to see brides with your skin tone and undertone, and in natural light as well as with a ring light. Deep skin needs foundations with the right undertone and a careful hand with powder and flash: the wrong product turns grey or ashy in photos.'),
      ],
    },
    {
      heading: t('Book a trial, and wear it all day'),
      paragraphs: [
        t('A trial costs a little more but removes most of the risk. Bring photos of looks you like and of your dress. After the trial, keep the makeup on for the rest of the day: does it still look fresh after six hours? Does it crease around the eyes, or shine on the forehead? Take photos with and without flash.'),
      ],
    },
    {
      heading: t('The checklist before you pay a deposit'),
      paragraphs: [t('Ask every artist on your shortlist the same questions, and write down the answers.')],
      list: [
        t('Will you come to my home or venue, and what does transport cost?'),
        t('How long do you need for me, and for each bridesmaid and mother?'),
        t('Do you stay for touch-ups between the church service and the reception?'),
        t('Which products do you use for long wear and for sensitive skin?'),
        t('How much is the deposit, when is the balance due, and what happens if the date moves?'),
      ],
    },
    {
      heading: t('Trust the reviews that come from bookings'),
      paragraphs: [
        t("On Mtaani, a review can only be written by someone who booked the artist and whose appointment has taken place, so the stars you see are from real brides. Read the words as well as the stars: a comment about punctuality on a wedding morning is worth more than a 'lovely work!'."),
      ],
    },
  ],
  'planning-a-ruracio-on-a-budget': [
    {
      paragraphs: [
        t("A ruracio brings two families together, and every family wants to host the other well. It is also easy to overspend: on food for more guests than expected, on outfits for everyone, on décor that is used for one afternoon. With a plan made early, you can honour tradition without borrowing for it."),
      ],
    },
    {
      heading: t('Agree on the guest list first'),
      paragraphs: [
        t('Food is usually the biggest cost, and it grows with every name added. Agree with both families on a number before anything else, and give each side a share of it. A home compound or a church hall costs far less than a venue and often feels warmer.'),
      ],
    },
    {
      heading: t('Share what can be shared'),
      paragraphs: [
        t('Matching outfits for the bridal party look beautiful; they do not have to be new. A fundi can make kitenge or Ankara outfits from one bale of fabric for the whole group, which is cheaper than buying ready-made, and each person keeps theirs afterwards. Borrow chairs, tents and serving dishes from relatives and your chama before hiring.'),
      ],
    },
    {
      heading: t('Book providers early, and in writing'),
      paragraphs: [t('The months around December and August fill up quickly. Book caterers, décor and a photographer at least two months ahead, and confirm in writing what the price includes.')],
      list: [
        t('Caterer: the menu, the number of plates, serving staff and utensils.'),
        t('Décor: setting up and clearing away, and whether flowers are fresh or artificial.'),
        t('Photographer: hours on site, how many edited photos, and when you receive them.'),
        t('Makeup and hair: the bride and how many others, and the arrival time.'),
      ],
    },
    {
      heading: t('Keep a little aside'),
      paragraphs: [
        t('Set aside a tenth of the budget for what nobody planned: extra guests, transport for elders, a last-minute gift. If it is not needed, it is a good start for the wedding itself.'),
      ],
    },
  ],
  'your-first-gym-visit': [
    {
      paragraphs: [
        t('Walking into a gym for the first time can feel like everyone else knows something you do not. They did not, once. Here is what to expect, so your first visit is about training, not worrying.'),
      ],
    },
    {
      heading: t('What to bring'),
      paragraphs: [],
      list: [
        t('Comfortable clothes that let you move, and closed shoes with a good grip.'),
        t('A water bottle: most gyms have a dispenser, few sell water cheaply.'),
        t('A small towel, for you and for wiping the equipment after use.'),
        t('A padlock, if the gym has lockers.'),
        t('Your ID or M-Pesa for the day pass or the first month.'),
      ],
    },
    {
      heading: t('Ask for an induction'),
      paragraphs: [
        t("Most gyms offer a free walk-through with a trainer: where things are, how the machines adjust, and which ones suit a beginner. Take it. Tell the trainer about old injuries and what you want — to lose weight, to get stronger, to run your first 10K. A good trainer will give you a simple plan for the first weeks instead of everything at once."),
      ],
    },
    {
      heading: t('Start lighter than you think'),
      paragraphs: [
        t('The first two weeks are for learning the movements and letting your body adjust. Choose weights you could lift a few more times when you stop, and rest a day between sessions at first. Soreness the next day is normal; sharp pain is not, and is a reason to stop and ask.'),
        t('Three visits a week, kept up for three months, will change more than seven visits in the first week and none after. If you want someone to keep you on track, a personal trainer near you on Mtaani can come to your gym or your home.'),
      ],
    },
  ],
  'sunscreen-for-melanin-rich-skin': [
    {
      paragraphs: [
        t("'Black does not crack' and 'dark skin does not burn' are two of the most common things our dermatology providers hear. Melanin does give some protection, roughly the equivalent of SPF 13 for very dark skin, but it is not enough under the equatorial sun, and the sun's damage shows in ways other than burning."),
      ],
    },
    {
      heading: t('What the sun does to dark skin'),
      paragraphs: [
        t('The most common complaint is hyperpigmentation: dark patches and uneven tone that get darker with every sunny day, including the marks left by acne. Sun exposure also breaks down the skin\'s collagen over the years. And although it is rarer, skin cancer does occur in dark skin, often found late because nobody was looking for it.'),
      ],
    },
    {
      heading: t('Choosing a sunscreen'),
      paragraphs: [],
      list: [
        t('SPF 30 or higher, marked broad-spectrum (UVA and UVB).'),
        t("Chemical or tinted mineral formulas, which do not leave the white cast that plain zinc oxide can."),
        t('A gel or fluid texture if your skin is oily; a cream if it is dry.'),
        t('One you like enough to wear every day: the best sunscreen is the one you use.'),
      ],
    },
    {
      heading: t('How to use it'),
      paragraphs: [
        t('Apply it as the last step of your morning routine, about two finger-lengths for the face and neck, fifteen minutes before going out. Reapply every two to three hours when you are outdoors, and after sweating. Cloudy days count: most of the sun\'s rays pass through clouds.'),
        t('If you already have dark patches that are not fading, a skin consultation can tell you what is causing them and which treatments are safe for your skin.'),
      ],
    },
  ],
  'five-ways-to-style-kitenge': [
    {
      paragraphs: [
        t("Kitenge is not only for weddings and Fridays. A well-cut piece works in a boardroom, at a dinner and on a Saturday in town. Our fashion providers shared five ways they style it for clients who want to wear it every week."),
      ],
    },
    {
      heading: t('1. The structured blazer'),
      paragraphs: [t('A kitenge blazer over a plain shirt and dark trousers is office-ready and still stands out. Keep the rest of the outfit in one colour taken from the print.')],
    },
    {
      heading: t('2. The pencil skirt'),
      paragraphs: [t('A knee-length kitenge pencil skirt with a fitted black or white top is the classic. Ask your fundi to line it so it falls well and lasts.')],
    },
    {
      heading: t('3. One detail, not head to toe'),
      paragraphs: [t('Collar, cuffs, a pocket square or a headwrap in kitenge lift a plain outfit without making it loud. It is also the cheapest way to start: offcuts are enough.')],
    },
    {
      heading: t('4. The shirt for men'),
      paragraphs: [t('A slim-fit kitenge shirt with chinos works from the office to an evening out. Smaller prints read as more formal; large bold prints as more relaxed.')],
    },
    {
      heading: t('5. The wrap dress'),
      paragraphs: [
        t('A wrap dress flatters most shapes and moves from a meeting to a dinner with a change of shoes. Choose a print with a dark background for the office.'),
        t('Whatever you choose, the cut makes the outfit. A fashion provider near you on Mtaani can measure you, suggest fabrics and sew pieces that fit.'),
      ],
    },
  ],
};
