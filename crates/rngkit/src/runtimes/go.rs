//! Go's `math/rand` (v1): `rand.New(rand.NewSource(S))` and the methods of
//! `*rand.Rand`, one GEN (`go`).
//!
//! **The generator** (`rngSource`, `src/math/rand/rng.go`): an additive
//! lagged Fibonacci generator over 607 64-bit words, `x_n = x_(n-607) +
//! x_(n-273) mod 2^64`. Go keeps the words in a ring `vec` with two
//! indices, `tap` and `feed` (`feed = tap + 334 mod 607` at all times);
//! one step decrements both (wrapping to 606), adds `vec[tap]` into
//! `vec[feed]` and returns the sum: that sum is `Uint64()`, and `Int63()`
//! is it with the top bit cleared. One raw step of this GEN is one such
//! step; its raw word is the 64-bit sum.
//!
//! **Seeding** (`Seed(seed)`): `seed mod (2^31 - 1)` (Go's truncating `%`,
//! plus `2^31 - 1` when negative; 0 becomes 89482311) starts the 31-bit
//! Lehmer generator `x = 48271 * x mod (2^31 - 1)`; after 20 discarded
//! values each word `i` is three more values shifted by 40, 20 and 0 bits
//! and xored together, xored with `rngCooked[i]`, a table of 607
//! constants published in Go's source (the table below is copied from
//! `src/math/rand/rng.go` of Go 1.19, as data). Then `tap = 0`, `feed =
//! 334`.
//!
//! **The methods** (`src/math/rand/rand.go`), each as Go 1.19 computes it:
//! `Uint32` is `Int63 >> 31`, `Int31` is `Int63 >> 32`, `Float64` is
//! `Int63 / 2^63` (redrawn when that rounds to 1), `Float32` is
//! `float32(Float64())` (redrawn when that rounds to 1), `Int31n(n)` and
//! `Int63n(n)` mask for a power of two and otherwise reject above `2^31 -
//! 1 - 2^31 mod n` (resp. `2^63 - 1 - 2^63 mod n`) and take the rest mod
//! `n`; `Intn(n)` is `Int31n` for `n < 2^31` and `Int63n` above; `Perm`
//! draws `Intn(i + 1)` for `i` from 0; `Shuffle` draws with the unexported
//! multiply-shift `int31n` (Lemire's method, on `Uint32`) for `i` from
//! `n - 1` down to 1.
//!
//! The expected values in the examples below were printed by Go 1.19.8
//! (Debian 12's `golang-go`); the oracle test `tests/runtime_go.rs`
//! compares thousands more against `go run`.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::python::{matching_interval, prefix};
use crate::state::check_count;
use crate::{StateError, StateWords};

/// The words in the ring (`rngLen`).
pub const LEN: usize = 607;
/// The short lag (`rngTap`): `feed` runs `LEN - TAP = 334` ahead of `tap`.
pub const TAP: usize = 273;
/// `2^31 - 1`, the modulus of the seeding generator (`int32max`).
const INT32_MAX: i64 = (1 << 31) - 1;
/// The low 63 bits: `Int63()` of a raw word.
pub const MASK_63: u64 = (1 << 63) - 1;
/// The most elements `perm N` and `shuffle N` accept (Go itself is limited
/// only by memory).
pub const MAX_ITEMS: u64 = 1 << 24;

/// `rngCooked`, copied as data from Go 1.19's `src/math/rand/rng.go` (the
/// values its `gen_cooked.go` computes by running the generator 7.8e12
/// steps from a seeded start).
#[rustfmt::skip]
const RNG_COOKED: [i64; LEN] = [
    -4181792142133755926, -4576982950128230565, 1395769623340756751, 5333664234075297259,
    -6347679516498800754, 9033628115061424579, 7143218595135194537, 4812947590706362721,
    7937252194349799378, 5307299880338848416, 8209348851763925077, -7107630437535961764,
    4593015457530856296, 8140875735541888011, -5903942795589686782, -603556388664454774,
    -7496297993371156308, 113108499721038619, 4569519971459345583, -4160538177779461077,
    -6835753265595711384, -6507240692498089696, 6559392774825876886, 7650093201692370310,
    7684323884043752161, -8965504200858744418, -2629915517445760644, 271327514973697897,
    -6433985589514657524, 1065192797246149621, 3344507881999356393, -4763574095074709175,
    7465081662728599889, 1014950805555097187, -4773931307508785033, -5742262670416273165,
    2418672789110888383, 5796562887576294778, 4484266064449540171, 3738982361971787048,
    -4699774852342421385, 10530508058128498, -589538253572429690, -6598062107225984180,
    8660405965245884302, 10162832508971942, -2682657355892958417, 7031802312784620857,
    6240911277345944669, 831864355460801054, -1218937899312622917, 2116287251661052151,
    2202309800992166967, 9161020366945053561, 4069299552407763864, 4936383537992622449,
    457351505131524928, -8881176990926596454, -6375600354038175299, -7155351920868399290,
    4368649989588021065, 887231587095185257, -3659780529968199312, -2407146836602825512,
    5616972787034086048, -751562733459939242, 1686575021641186857, -5177887698780513806,
    -4979215821652996885, -1375154703071198421, 5632136521049761902, -8390088894796940536,
    -193645528485698615, -5979788902190688516, -4907000935050298721, -285522056888777828,
    -2776431630044341707, 1679342092332374735, 6050638460742422078, -2229851317345194226,
    -1582494184340482199, 5881353426285907985, 812786550756860885, 4541845584483343330,
    -6497901820577766722, 4980675660146853729, -4012602956251539747, -329088717864244987,
    -2896929232104691526, 1495812843684243920, -2153620458055647789, 7370257291860230865,
    -2466442761497833547, 4706794511633873654, -1398851569026877145, 8549875090542453214,
    -9189721207376179652, -7894453601103453165, 7297902601803624459, 1011190183918857495,
    -6985347000036920864, 5147159997473910359, -8326859945294252826, 2659470849286379941,
    6097729358393448602, -7491646050550022124, -5117116194870963097, -896216826133240300,
    -745860416168701406, 5803876044675762232, -787954255994554146, -3234519180203704564,
    -4507534739750823898, -1657200065590290694, 505808562678895611, -4153273856159712438,
    -8381261370078904295, 572156825025677802, 1791881013492340891, 3393267094866038768,
    -5444650186382539299, 2352769483186201278, -7930912453007408350, -325464993179687389,
    -3441562999710612272, -6489413242825283295, 5092019688680754699, -227247482082248967,
    4234737173186232084, 5027558287275472836, 4635198586344772304, -536033143587636457,
    5907508150730407386, -8438615781380831356, 972392927514829904, -3801314342046600696,
    -4064951393885491917, -174840358296132583, 2407211146698877100, -1640089820333676239,
    3940796514530962282, -5882197405809569433, 3095313889586102949, -1818050141166537098,
    5832080132947175283, 7890064875145919662, 8184139210799583195, -8073512175445549678,
    -7758774793014564506, -4581724029666783935, 3516491885471466898, -8267083515063118116,
    6657089965014657519, 5220884358887979358, 1796677326474620641, 5340761970648932916,
    1147977171614181568, 5066037465548252321, 2574765911837859848, 1085848279845204775,
    -5873264506986385449, 6116438694366558490, 2107701075971293812, -7420077970933506541,
    2469478054175558874, -1855128755834809824, -5431463669011098282, -9038325065738319171,
    -6966276280341336160, 7217693971077460129, -8314322083775271549, 7196649268545224266,
    -3585711691453906209, -5267827091426810625, 8057528650917418961, -5084103596553648165,
    -2601445448341207749, -7850010900052094367, 6527366231383600011, 3507654575162700890,
    9202058512774729859, 1954818376891585542, -2582991129724600103, 8299563319178235687,
    -5321504681635821435, 7046310742295574065, -2376176645520785576, -7650733936335907755,
    8850422670118399721, 3631909142291992901, 5158881091950831288, -6340413719511654215,
    4763258931815816403, 6280052734341785344, -4979582628649810958, 2043464728020827976,
    -2678071570832690343, 4562580375758598164, 5495451168795427352, -7485059175264624713,
    553004618757816492, 6895160632757959823, -989748114590090637, 7139506338801360852,
    -672480814466784139, 5535668688139305547, 2430933853350256242, -3821430778991574732,
    -1063731997747047009, -3065878205254005442, 7632066283658143750, 6308328381617103346,
    3681878764086140361, 3289686137190109749, 6587997200611086848, 244714774258135476,
    -5143583659437639708, 8090302575944624335, 2945117363431356361, -8359047641006034763,
    3009039260312620700, -793344576772241777, 401084700045993341, -1968749590416080887,
    4707864159563588614, -3583123505891281857, -3240864324164777915, -5908273794572565703,
    -3719524458082857382, -5281400669679581926, 8118566580304798074, 3839261274019871296,
    7062410411742090847, -8481991033874568140, 6027994129690250817, -6725542042704711878,
    -2971981702428546974, -7854441788951256975, 8809096399316380241, 6492004350391900708,
    2462145737463489636, -8818543617934476634, -5070345602623085213, -8961586321599299868,
    -3758656652254704451, -8630661632476012791, 6764129236657751224, -709716318315418359,
    -3403028373052861600, -8838073512170985897, -3999237033416576341, -2920240395515973663,
    -2073249475545404416, 368107899140673753, -6108185202296464250, -6307735683270494757,
    4782583894627718279, 6718292300699989587, 8387085186914375220, 3387513132024756289,
    4654329375432538231, -292704475491394206, -3848998599978456535, 7623042350483453954,
    7725442901813263321, 9186225467561587250, -5132344747257272453, -6865740430362196008,
    2530936820058611833, 1636551876240043639, -3658707362519810009, 1452244145334316253,
    -7161729655835084979, -7943791770359481772, 9108481583171221009, -3200093350120725999,
    5007630032676973346, 2153168792952589781, 6720334534964750538, -3181825545719981703,
    3433922409283786309, 2285479922797300912, 3110614940896576130, -2856812446131932915,
    -3804580617188639299, 7163298419643543757, 4891138053923696990, 580618510277907015,
    1684034065251686769, 4429514767357295841, -8893025458299325803, -8103734041042601133,
    7177515271653460134, 4589042248470800257, -1530083407795771245, 143607045258444228,
    246994305896273627, -8356954712051676521, 6473547110565816071, 3092379936208876896,
    2058427839513754051, -4089587328327907870, 8785882556301281247, -3074039370013608197,
    -637529855400303673, 6137678347805511274, -7152924852417805802, 5708223427705576541,
    -3223714144396531304, 4358391411789012426, 325123008708389849, 6837621693887290924,
    4843721905315627004, -3212720814705499393, -3825019837890901156, 4602025990114250980,
    1044646352569048800, 9106614159853161675, -8394115921626182539, -4304087667751778808,
    2681532557646850893, 3681559472488511871, -3915372517896561773, -2889241648411946534,
    -6564663803938238204, -8060058171802589521, 581945337509520675, 3648778920718647903,
    -4799698790548231394, -7602572252857820065, 220828013409515943, -1072987336855386047,
    4287360518296753003, -4633371852008891965, 5513660857261085186, -2258542936462001533,
    -8744380348503999773, 8746140185685648781, 228500091334420247, 1356187007457302238,
    3019253992034194581, 3152601605678500003, -8793219284148773595, 5559581553696971176,
    4916432985369275664, -8559797105120221417, -5802598197927043732, 2868348622579915573,
    -7224052902810357288, -5894682518218493085, 2587672709781371173, -7706116723325376475,
    3092343956317362483, -5561119517847711700, 972445599196498113, -1558506600978816441,
    1708913533482282562, -2305554874185907314, -6005743014309462908, -6653329009633068701,
    -483583197311151195, 2488075924621352812, -4529369641467339140, -4663743555056261452,
    2997203966153298104, 1282559373026354493, 240113143146674385, 8665713329246516443,
    628141331766346752, -4651421219668005332, -7750560848702540400, 7596648026010355826,
    -3132152619100351065, 7834161864828164065, 7103445518877254909, 4390861237357459201,
    -4780718172614204074, -319889632007444440, 622261699494173647, -3186110786557562560,
    -8718967088789066690, -1948156510637662747, -8212195255998774408, -7028621931231314745,
    2623071828615234808, -4066058308780939700, -5484966924888173764, -6683604512778046238,
    -6756087640505506466, 5256026990536851868, 7841086888628396109, 6640857538655893162,
    -8021284697816458310, -7109857044414059830, -1689021141511844405, -4298087301956291063,
    -4077748265377282003, -998231156719803476, 2719520354384050532, 9132346697815513771,
    4332154495710163773, -2085582442760428892, 6994721091344268833, -2556143461985726874,
    -8567931991128098309, 59934747298466858, -3098398008776739403, -265597256199410390,
    2332206071942466437, -7522315324568406181, 3154897383618636503, -7585605855467168281,
    -6762850759087199275, 197309393502684135, -8579694182469508493, 2543179307861934850,
    4350769010207485119, -4468719947444108136, -7207776534213261296, -1224312577878317200,
    4287946071480840813, 8362686366770308971, 6486469209321732151, -5605644191012979782,
    -1669018511020473564, 4450022655153542367, -7618176296641240059, -3896357471549267421,
    -4596796223304447488, -6531150016257070659, -8982326463137525940, -4125325062227681798,
    -1306489741394045544, -8338554946557245229, 5329160409530630596, 7790979528857726136,
    4955070238059373407, -4304834761432101506, -6215295852904371179, 3007769226071157901,
    -6753025801236972788, 8928702772696731736, 7856187920214445904, -4748497451462800923,
    7900176660600710914, -7082800908938549136, -6797926979589575837, -6737316883512927978,
    4186670094382025798, 1883939007446035042, -414705992779907823, 3734134241178479257,
    4065968871360089196, 6953124200385847784, -7917685222115876751, -7585632937840318161,
    -5567246375906782599, -5256612402221608788, 3106378204088556331, -2894472214076325998,
    4565385105440252958, 1979884289539493806, -6891578849933910383, 3783206694208922581,
    8464961209802336085, 2843963751609577687, 3030678195484896323, -4429654462759003204,
    4459239494808162889, 402587895800087237, 8057891408711167515, 4541888170938985079,
    1042662272908816815, -3666068979732206850, 2647678726283249984, 2144477441549833761,
    -3417019821499388721, -2105601033380872185, 5916597177708541638, -8760774321402454447,
    8833658097025758785, 5970273481425315300, 563813119381731307, -6455022486202078793,
    1598828206250873866, -4016978389451217698, -2988328551145513985, -6071154634840136312,
    8469693267274066490, 125672920241807416, -3912292412830714870, -2559617104544284221,
    -486523741806024092, -4735332261862713930, 5923302823487327109, -9082480245771672572,
    -1808429243461201518, 7990420780896957397, 4317817392807076702, 3625184369705367340,
    -6482649271566653105, -3480272027152017464, -3225473396345736649, -368878695502291645,
    -3981164001421868007, -8522033136963788610, 7609280429197514109, 3020985755112334161,
    -2572049329799262942, 2635195723621160615, 5144520864246028816, -8188285521126945980,
    1567242097116389047, 8172389260191636581, -2885551685425483535, -7060359469858316883,
    -6480181133964513127, -7317004403633452381, 6011544915663598137, 5932255307352610768,
    2241128460406315459, -8327867140638080220, 3094483003111372717, 4583857460292963101,
    9079887171656594975, -384082854924064405, -3460631649611717935, 4225072055348026230,
    -7385151438465742745, 3801620336801580414, -399845416774701952, -7446754431269675473,
    7899055018877642622, 5421679761463003041, 5521102963086275121, -4975092593295409910,
    8735487530905098534, -7462844945281082830, -2080886987197029914, -1000715163927557685,
    -4253840471931071485, -5828896094657903328, 6424174453260338141, 359248545074932887,
    -5949720754023045210, -2426265837057637212, 3030918217665093212, -9077771202237461772,
    -3186796180789149575, 740416251634527158, -2142944401404840226, 6951781370868335478,
    399922722363687927, -8928469722407522623, -1378421100515597285, -8343051178220066766,
    -3030716356046100229, -8811767350470065420, 9026808440365124461, 6440783557497587732,
    4615674634722404292, 539897290441580544, 2096238225866883852, 8751955639408182687,
    -7316147128802486205, 7381039757301768559, 6157238513393239656, -1473377804940618233,
    8629571604380892756, 5280433031239081479, 7101611890139813254, 2479018537985767835,
    7169176924412769570, -1281305539061572506, -7865612307799218120, 2278447439451174845,
    3625338785743880657, 6477479539006708521, 8976185375579272206, -3712000482142939688,
    1326024180520890843, 7537449876596048829, 5464680203499696154, 3189671183162196045,
    6346751753565857109, -8982212049534145501, -6127578587196093755, -245039190118465649,
    -6320577374581628592, 7208698530190629697, 7276901792339343736, -7490986807540332668,
    4133292154170828382, 2918308698224194548, -7703910638917631350, -3929437324238184044,
    -4300543082831323144, -6344160503358350167, 5896236396443472108, -758328221503023383,
    -1894351639983151068, -307900319840287220, -6278469401177312761, -2171292963361310674,
    8382142935188824023, 9103922860780351547, 4152330101494654406,
];

/// The seeding generator's step (`seedrand`): `48271 * x mod (2^31 - 1)`,
/// which Go computes with Schrage's method; for `0 < x < 2^31 - 1` the
/// plain product mod the prime is the same number.
fn seedrand(x: u64) -> u64 {
    x * SEED_MULTIPLIER % SEED_MODULUS
}

/// The value that starts the seeding generator for `NewSource(seed)`:
/// `seed mod (2^31 - 1)` with Go's truncating `%`, plus `2^31 - 1` when
/// negative, and 89482311 for 0.
///
/// ```
/// use rngkit::runtimes::go::reduced_seed;
///
/// assert_eq!(reduced_seed(5), 5);
/// assert_eq!(reduced_seed(-1), (1 << 31) - 2);
/// assert_eq!(reduced_seed(0), 89482311);
/// assert_eq!(reduced_seed((1 << 31) - 1), 89482311);
/// ```
pub fn reduced_seed(seed: i64) -> u64 {
    let mut s = seed % INT32_MAX;
    if s < 0 {
        s += INT32_MAX;
    }
    if s == 0 {
        s = 89_482_311;
    }
    s as u64
}

/// Seeding's word `i` from the three values `a`, `b`, `c` of the seeding
/// generator it takes (its values number `21 + 3i`, `22 + 3i`, `23 + 3i`
/// after [`reduced_seed`]): `a << 40 ^ b << 20 ^ c ^ rngCooked[i]`, the
/// shift by 40 dropping the bits above 63 as Go's `int64` shift does. A
/// seed-search kernel computes the few words an output reads this way,
/// with the values reached by powers of 48271.
///
/// ```
/// use rngkit::runtimes::go::{GoRand, reduced_seed, seeded_word};
///
/// // vec[0] of NewSource(7): the seeding generator's values 21, 22 and 23.
/// let m = (1u64 << 31) - 1;
/// let mut x = reduced_seed(7);
/// let mut values = Vec::new();
/// for _ in 0..23 {
///     x = x * 48271 % m;
///     values.push(x);
/// }
/// let word = seeded_word(0, values[20], values[21], values[22]);
/// assert_eq!(word, GoRand::new(7).words()[0]);
/// ```
#[inline]
pub fn seeded_word(i: usize, a: u64, b: u64, c: u64) -> u64 {
    (a << 40) ^ (b << 20) ^ c ^ RNG_COOKED[i] as u64
}

/// The seeding generator's multiplier (`seedrand`'s `A`).
pub const SEED_MULTIPLIER: u64 = 48271;
/// Its modulus, `2^31 - 1`.
pub const SEED_MODULUS: u64 = INT32_MAX as u64;

/// Go's `math/rand` source (`rngSource`): 607 words and the ring indices
/// `tap` and `feed`.
///
/// ```
/// use rngkit::runtimes::go::GoRand;
///
/// // go 1.19: rand.New(rand.NewSource(1)).Int63()
/// let mut rng = GoRand::new(1);
/// assert_eq!(rng.int63(), 5577006791947779410);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GoRand {
    vec: Box<[u64; LEN]>,
    tap: u16,
    feed: u16,
}

impl core::fmt::Debug for GoRand {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // 607 words are noise in a debug line: the indices and the next words.
        f.debug_struct("GoRand")
            .field("tap", &self.tap)
            .field("feed", &self.feed)
            .field("vec[..4]", &&self.vec[..4])
            .finish_non_exhaustive()
    }
}

impl GoRand {
    /// `rand.NewSource(seed)` (`rngSource.Seed`).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(0) is NewSource(89482311), and seeds equal
    /// // mod 2^31 - 1 give one stream: rand.New(rand.NewSource(0)).Int63()
    /// assert_eq!(GoRand::new(0).int63(), 8717895732742165505);
    /// assert_eq!(GoRand::new(89482311).int63(), 8717895732742165505);
    /// assert_eq!(GoRand::new(1 + (1 << 31) - 1), GoRand::new(1));
    /// ```
    pub fn new(seed: i64) -> Self {
        let mut x = reduced_seed(seed);
        for _ in 0..20 {
            x = seedrand(x);
        }
        let mut vec = Box::new([0u64; LEN]);
        for (i, word) in vec.iter_mut().enumerate() {
            let a = seedrand(x);
            let b = seedrand(a);
            x = seedrand(b);
            *word = seeded_word(i, a, b, x);
        }
        GoRand {
            vec,
            tap: 0,
            feed: (LEN - TAP) as u16,
        }
    }

    /// The generator with these words and this `tap` (`feed` follows:
    /// `tap + 334 mod 607`).
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] when `tap` is 607 or more.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// let rng = GoRand::new(7);
    /// let (words, tap) = (rng.words(), rng.tap());
    /// assert_eq!(GoRand::from_parts(*words, tap).unwrap(), rng);
    /// assert!(GoRand::from_parts(*words, 607).is_err());
    /// ```
    pub fn from_parts(words: [u64; LEN], tap: usize) -> Result<Self, StateError> {
        if tap >= LEN {
            return Err(StateError::OutOfRange {
                generator: GoGen::INFO.name,
                index: 0,
                found: tap as u64,
                expected: "an index into the 607 words, 0 to 606",
            });
        }
        Ok(GoRand {
            vec: Box::new(words),
            tap: tap as u16,
            feed: ((tap + LEN - TAP) % LEN) as u16,
        })
    }

    /// The 607 words, in Go's ring order (`vec`).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // The first step adds vec[606] (tap) into vec[333] (feed).
    /// let mut rng = GoRand::new(1);
    /// let (a, b) = (rng.words()[333], rng.words()[606]);
    /// assert_eq!(rng.uint64(), a.wrapping_add(b));
    /// ```
    pub fn words(&self) -> &[u64; LEN] {
        &self.vec
    }

    /// `tap`: the ring index the next step decrements (`feed` is `tap +
    /// 334 mod 607`).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// let mut rng = GoRand::new(1);
    /// assert_eq!((rng.tap(), rng.feed()), (0, 334));
    /// rng.uint64();
    /// assert_eq!((rng.tap(), rng.feed()), (606, 333));
    /// ```
    pub fn tap(&self) -> usize {
        usize::from(self.tap)
    }

    /// `feed`, always `tap + 334 mod 607` (example: [`tap`](Self::tap)).
    pub fn feed(&self) -> usize {
        usize::from(self.feed)
    }

    /// One step, `Uint64()`: the full 64-bit sum.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, then Uint64
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// assert_eq!(rng.uint64(), 13260572831089785859);
    /// ```
    #[inline]
    pub fn uint64(&mut self) -> u64 {
        self.tap = if self.tap == 0 {
            LEN as u16 - 1
        } else {
            self.tap - 1
        };
        self.feed = if self.feed == 0 {
            LEN as u16 - 1
        } else {
            self.feed - 1
        };
        let x = self.vec[usize::from(self.feed)].wrapping_add(self.vec[usize::from(self.tap)]);
        self.vec[usize::from(self.feed)] = x;
        x
    }

    /// One step back: the state before the last [`uint64`](Self::uint64).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// let mut rng = GoRand::new(3);
    /// let start = rng.clone();
    /// rng.uint64();
    /// rng.step_back();
    /// assert_eq!(rng, start);
    /// ```
    pub fn step_back(&mut self) {
        let (feed, tap) = (usize::from(self.feed), usize::from(self.tap));
        self.vec[feed] = self.vec[feed].wrapping_sub(self.vec[tap]);
        self.tap = ((tap + 1) % LEN) as u16;
        self.feed = ((feed + 1) % LEN) as u16;
    }

    /// `Int63()`: one step, the top bit cleared (example: [`GoRand`]).
    #[inline]
    pub fn int63(&mut self) -> i64 {
        (self.uint64() & MASK_63) as i64
    }

    /// `Uint32()`: `Int63() >> 31`.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, Uint64, then Uint32
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// assert_eq!(rng.uint32(), 1823804162);
    /// ```
    pub fn uint32(&mut self) -> u32 {
        (self.int63() >> 31) as u32
    }

    /// `Int31()`: `Int63() >> 32`.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, Uint64, Uint32, then Int31
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// assert_eq!(rng.int31(), 1474941318);
    /// ```
    pub fn int31(&mut self) -> i32 {
        (self.int63() >> 32) as i32
    }

    /// `Int31n(n)` for `n >= 1`: a mask for a power of two, else rejection
    /// above `2^31 - 1 - 2^31 mod n`, then `mod n` (variable steps).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, Uint64, Uint32,
    /// // Int31, then Int31n(10)
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// rng.int31();
    /// assert_eq!(rng.int31n(10), 5);
    /// ```
    pub fn int31n(&mut self, n: i32) -> i32 {
        debug_assert!(n > 0);
        if n & (n - 1) == 0 {
            return self.int31() & (n - 1);
        }
        let max = (i32::MAX as u32 - (1u32 << 31) % n as u32) as i32;
        let mut v = self.int31();
        while v > max {
            v = self.int31();
        }
        v % n
    }

    /// `Int63n(n)` for `n >= 1`: as [`int31n`](Self::int31n) on `Int63`.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, Uint64, Uint32,
    /// // Int31, Int31n(10), then Int63n(1000)
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// rng.int31();
    /// rng.int31n(10);
    /// assert_eq!(rng.int63n(1000), 148);
    /// ```
    pub fn int63n(&mut self, n: i64) -> i64 {
        debug_assert!(n > 0);
        if n & (n - 1) == 0 {
            return self.int63() & (n - 1);
        }
        let max = (MASK_63 - (1u64 << 63) % n as u64) as i64;
        let mut v = self.int63();
        while v > max {
            v = self.int63();
        }
        v % n
    }

    /// The unexported `int31n(n)` that `Shuffle` uses: Lemire's
    /// multiply-shift on `Uint32()`, redrawn while the low half of the
    /// product is below `2^32 mod n`.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // Shuffle(2, ...) draws one int31n(2): the top bit of one Uint32.
    /// let mut a = GoRand::new(5);
    /// let mut b = a.clone();
    /// assert_eq!(a.int31n_fast(2), (b.uint32() >> 31) as i32);
    /// ```
    pub fn int31n_fast(&mut self, n: i32) -> i32 {
        debug_assert!(n > 0);
        let n32 = n as u32;
        let mut prod = u64::from(self.uint32()) * u64::from(n32);
        if (prod as u32) < n32 {
            let thresh = n32.wrapping_neg() % n32;
            while (prod as u32) < thresh {
                prod = u64::from(self.uint32()) * u64::from(n32);
            }
        }
        (prod >> 32) as i32
    }

    /// `Intn(n)` for `n >= 1`: `Int31n` below `2^31`, `Int63n` from there.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: r := rand.New(rand.NewSource(42)); r.Int63(); r.Intn(100)
    /// let mut rng = GoRand::new(42);
    /// assert_eq!(rng.int63(), 3440579354231278675);
    /// assert_eq!(rng.intn(100), 87);
    /// ```
    pub fn intn(&mut self, n: i64) -> i64 {
        if n <= i64::from(i32::MAX) {
            i64::from(self.int31n(n as i32))
        } else {
            self.int63n(n)
        }
    }

    /// `Float64()`: `Int63() / 2^63`, redrawn when it rounds to 1.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(42): Int63, Intn(100), then Float64
    /// let mut rng = GoRand::new(42);
    /// rng.int63();
    /// rng.intn(100);
    /// assert_eq!(rng.float64(), 0.604093851558642);
    /// ```
    pub fn float64(&mut self) -> f64 {
        loop {
            let f = float64_of(self.uint64());
            if f != 1.0 {
                return f;
            }
        }
    }

    /// `Float32()`: `float32(Float64())`, redrawn when it rounds to 1.
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): Int63, Intn(6), Float64, Uint64, Uint32,
    /// // Int31, Int31n(10), Int63n(1000), then Float32
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// rng.int31();
    /// rng.int31n(10);
    /// rng.int63n(1000);
    /// assert_eq!(rng.float32(), 0.09696952);
    /// ```
    pub fn float32(&mut self) -> f32 {
        loop {
            let f = self.float64() as f32;
            if f != 1.0 {
                return f;
            }
        }
    }

    /// `Perm(n)`: `m[i] = m[j]; m[j] = i` with `j = Intn(i + 1)`, for `i`
    /// from 0 (the first draw, `Intn(1)`, still takes a step).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): the methods above, then Perm(5)
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// rng.int31();
    /// rng.int31n(10);
    /// rng.int63n(1000);
    /// rng.float32();
    /// assert_eq!(rng.perm(5), [1, 2, 3, 0, 4]);
    /// ```
    pub fn perm(&mut self, n: usize) -> Vec<i64> {
        let mut m = alloc::vec![0i64; n];
        for i in 0..n {
            let j = self.intn(i as i64 + 1) as usize;
            m[i] = m[j];
            m[j] = i as i64;
        }
        m
    }

    /// `Shuffle(n, swap)` applied to `0..n`: for `i` from `n - 1` down to
    /// 1, swap `i` with `int31n(i + 1)` (the multiply-shift
    /// [`int31n_fast`](Self::int31n_fast); `n` below 2^31, where Go never
    /// takes its `Int63n` branch).
    ///
    /// ```
    /// use rngkit::runtimes::go::GoRand;
    ///
    /// // go 1.19: NewSource(1): the methods above, Perm(5), then Shuffle of [0 1 2 3 4]
    /// let mut rng = GoRand::new(1);
    /// rng.int63();
    /// rng.intn(6);
    /// rng.float64();
    /// rng.uint64();
    /// rng.uint32();
    /// rng.int31();
    /// rng.int31n(10);
    /// rng.int63n(1000);
    /// rng.float32();
    /// rng.perm(5);
    /// assert_eq!(rng.shuffle(5), [3, 2, 0, 4, 1]);
    /// ```
    pub fn shuffle(&mut self, n: usize) -> Vec<i64> {
        debug_assert!(n <= i32::MAX as usize);
        let mut m: Vec<i64> = (0..n as i64).collect();
        let mut i = n;
        while i > 1 {
            i -= 1;
            let j = self.int31n_fast(i as i32 + 1) as usize;
            m.swap(i, j);
        }
        m
    }

    /// The next raw word (`Uint64()`), for the shared step macros.
    #[inline]
    fn next_output(&mut self) -> u64 {
        self.uint64()
    }
}

/// `float64(Int63()) / (1 << 63)` of a raw word (1.0 when it rounds up,
/// which `Float64` redraws).
fn float64_of(word: u64) -> f64 {
    (word & MASK_63) as f64 * (1.0 / 9_223_372_036_854_775_808.0)
}

impl StateWords for GoRand {
    const NAME: &'static str = "go";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = LEN + 2;
    /// The 607 words; `tap` and `feed` are a position.
    const FREE_BITS: u32 = 64 * LEN as u32;

    fn to_words(&self) -> Vec<u64> {
        let mut words = Vec::with_capacity(LEN + 2);
        words.push(u64::from(self.tap));
        words.push(u64::from(self.feed));
        words.extend_from_slice(&self.vec[..]);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, Self::WORD_COUNT, words.len())?;
        let tap = words[0];
        if tap >= LEN as u64 {
            return Err(StateError::OutOfRange {
                generator: Self::NAME,
                index: 0,
                found: tap,
                expected: "tap, an index into the 607 words: 0 to 606",
            });
        }
        let feed = (tap + (LEN - TAP) as u64) % LEN as u64;
        if words[1] != feed {
            return Err(StateError::OutOfRange {
                generator: Self::NAME,
                index: 1,
                found: words[1],
                expected: "feed, which is always tap + 334 mod 607",
            });
        }
        let mut vec = [0u64; LEN];
        vec.copy_from_slice(&words[2..]);
        Self::from_parts(vec, tap as usize)
    }
}

crate::generators::impl_rng_u64!(GoRand, scalar);

// ---------------------------------------------------------------------------
// The `go` GEN.

/// The `go` GEN: `rand.New(rand.NewSource(S))` and its methods.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::go::GoGen;
///
/// let go = of::<GoGen>();
/// let mut rng = go.seed(&Seed::from(1), &Default::default()).unwrap();
/// // go 1.19: r := rand.New(rand.NewSource(1)); r.Int63(); r.Intn(6); r.Float64()
/// let int63 = go.parse_draw("int63", &[]).unwrap();
/// assert_eq!(int63.eval(&mut rng).format(false), "5577006791947779410");
/// let intn = go.parse_draw("intn", &["6"]).unwrap();
/// assert_eq!(intn.eval(&mut rng).format(false), "3");
/// let float64 = go.parse_draw("float64", &[]).unwrap();
/// assert_eq!(float64.eval(&mut rng).format(false), "0.6645600532184904");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GoGen;

/// The draws of `go`, named after the methods of `*rand.Rand`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoDraw {
    /// `Int63()`.
    Int63,
    /// `Uint32()`.
    Uint32,
    /// `Uint64()`.
    Uint64,
    /// `Int31()`.
    Int31,
    /// `Int31n(n)`, `1 <= n < 2^31`.
    Int31n(i32),
    /// `Int63n(n)`, `n >= 1`.
    Int63n(i64),
    /// `Intn(n)`, `n >= 1`.
    Intn(i64),
    /// `Float64()`.
    Float64,
    /// `Float32()`.
    Float32,
    /// `Perm(n)`.
    Perm(usize),
    /// `Shuffle(n, swap)` on `0..n`: the permutation it makes.
    Shuffle(usize),
}

/// The draws' syntax and help.
const GO_DRAWS: &[DrawInfo] = &[
    DrawInfo {
        syntax: "int63",
        help: "Int63(): the step's low 63 bits (1 step)",
    },
    DrawInfo {
        syntax: "uint32",
        help: "Uint32(): Int63() >> 31 (1 step)",
    },
    DrawInfo {
        syntax: "uint64",
        help: "Uint64(): the step's whole 64-bit word, top bit included (1 step; Go 1.8+)",
    },
    DrawInfo {
        syntax: "int31",
        help: "Int31(): Int63() >> 32 (1 step)",
    },
    DrawInfo {
        syntax: "int31n N",
        help: "Int31n(N), 1 <= N < 2^31: Int31() & (N-1) for a power of two (1 step), else Int31() redrawn above 2^31-1-(2^31 mod N), mod N (variable steps)",
    },
    DrawInfo {
        syntax: "int63n N",
        help: "Int63n(N), N >= 1: as int31n on Int63(), the bound 2^63-1-(2^63 mod N) (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "intn N",
        help: "Intn(N), N >= 1: Int31n(N) for N < 2^31, Int63n(N) from there (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "float64",
        help: "Float64(): Int63() / 2^63, redrawn when that rounds to 1.0 (1 step; 512 of 2^63 words redraw, which recovery does not model)",
    },
    DrawInfo {
        syntax: "float32",
        help: "Float32(): float32(Float64()), redrawn when that rounds to 1.0 (about 1 in 2^25: variable steps)",
    },
    DrawInfo {
        syntax: "perm N",
        help: "Perm(N): the permutation of 0..N-1, Intn(i+1) for i from 0 to N-1 (N draws, variable steps), N <= 2^24",
    },
    DrawInfo {
        syntax: "shuffle N",
        help: "Shuffle(N, swap) on 0..N-1: the permutation it makes, from i = N-1 down to 1 swapping with the multiply-shift int31n(i+1) on Uint32() (Lemire; redrawn while the product's low half is below 2^32 mod (i+1): variable steps), N <= 2^24",
    },
];

/// A positive bound `N` for `int31n`, `int63n`, `intn`: Go panics on `N <=
/// 0`, so the message says what Go would.
fn bound(draw: &str, method: &str, text: &str, max: i64) -> Result<i64, DrawError> {
    let n = parse_int::<i64>(text).map_err(|e| {
        DrawError::Invalid(format!("`{draw} N`: {e}; N is a positive 64-bit integer"))
    })?;
    if n <= 0 || n > max {
        return Err(DrawError::Invalid(format!(
            "`{draw} N` needs 1 <= N <= {max}, found {n} (Go panics: invalid argument to {method})"
        )));
    }
    Ok(n)
}

/// Whether `name` is one of `draws` (`false`: not this GEN's draw), after
/// checking that `args` has as many arguments as its syntax names: both Go
/// GENs list their draws in one table and check them alike.
pub(crate) fn listed_with_arity(
    draws: &[DrawInfo],
    name: &str,
    args: &[&str],
) -> Result<bool, DrawError> {
    let Some(info) = draws.iter().find(|d| d.name() == name) else {
        return Ok(false);
    };
    let wanted = info.syntax.split(' ').count() - 1;
    if args.len() != wanted {
        return Err(DrawError::Invalid(format!(
            "`{}` takes {wanted} argument{}, found {}",
            info.syntax,
            if wanted == 1 { "" } else { "s" },
            args.len()
        )));
    }
    Ok(true)
}

/// A length `N` for `perm` and `shuffle`, as both Go GENs take it.
pub(crate) fn length(draw: &str, text: &str) -> Result<usize, DrawError> {
    let n = parse_int::<i64>(text)
        .map_err(|e| DrawError::Invalid(format!("`{draw} N`: {e}; N is a count of elements")))?;
    if n < 0 || n as u64 > MAX_ITEMS {
        return Err(DrawError::Invalid(format!(
            "`{draw} N` needs 0 <= N <= {MAX_ITEMS} (2^24), found {n}"
        )));
    }
    Ok(n as usize)
}

/// The known bits of `Int31()`-based or `Int63()`-based masked draws: `v`
/// in bits `shift..` under `mask`.
fn masked(v: i64, n: i64, shift: u32) -> Option<Vec<KnownBits>> {
    if v < 0 || v >= n {
        return None;
    }
    if n & (n - 1) == 0 {
        let mask = (n - 1) as u64;
        Some(alloc::vec![KnownBits::new(
            mask << shift,
            (v as u64) << shift
        )])
    } else {
        // Rejected words may have come first: which word gave the value
        // is unknown.
        Some(Vec::new())
    }
}

impl Gen for GoGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "intn",
            call: "ALPHABET[rand.Intn(len(ALPHABET))] a character",
            pick: "intn {n}",
            first: 0,
        }]
    }

    type Rng = GoRand;
    type Draw = GoDraw;

    const INFO: GenInfo = GenInfo {
        name: "go",
        aliases: &["golang", "go-math-rand"],
        summary: "Go's math/rand (v1): rand.New(rand.NewSource(S)), the 607-word additive lagged Fibonacci generator",
        seed_kind: SeedKind::I64,
        seed_doc: "rand.NewSource(S), S a 64-bit int64: S mod (2^31 - 1) (0 becomes 89482311) starts the Lehmer generator 48271 * x mod (2^31 - 1), whose values, xored with Go's rngCooked table, fill the 607 words; so seeds equal mod 2^31 - 1 give one stream",
        state_doc: "609 words of 64 bits: tap, feed (always tap + 334 mod 607), then Go's vec[0..607]; a step decrements tap and feed and adds vec[tap] into vec[feed]",
        has_stream: false,
        versions: GO_VERSIONS,
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<GoRand, SeedError> {
        Ok(GoRand::new(seed.low_u64() as i64))
    }

    fn bare_draws() -> &'static [BareDraw] {
        &[
            BareDraw {
                draw: "int63",
                yields: Yields::Int {
                    bits: 63,
                    signed: false,
                },
            },
            BareDraw {
                draw: "float64",
                yields: Yields::Unit { bits: 53 },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        GO_DRAWS
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<GoDraw>, DrawError> {
        if !listed_with_arity(GO_DRAWS, name, args)? {
            return Ok(None);
        }
        Ok(Some(match name {
            "int63" => GoDraw::Int63,
            "uint32" => GoDraw::Uint32,
            "uint64" => GoDraw::Uint64,
            "int31" => GoDraw::Int31,
            "int31n" => GoDraw::Int31n(bound(name, "Int31n", args[0], i64::from(i32::MAX))? as i32),
            "int63n" => GoDraw::Int63n(bound(name, "Int63n", args[0], i64::MAX)?),
            "intn" => GoDraw::Intn(bound(name, "Intn", args[0], i64::MAX)?),
            "float64" => GoDraw::Float64,
            "float32" => GoDraw::Float32,
            "perm" => GoDraw::Perm(length(name, args[0])?),
            _ => GoDraw::Shuffle(length(name, args[0])?),
        }))
    }

    fn eval(draw: &GoDraw, rng: &mut GoRand) -> DrawValue {
        match *draw {
            GoDraw::Int63 => DrawValue::I64(rng.int63()),
            GoDraw::Uint32 => DrawValue::U32(rng.uint32()),
            GoDraw::Uint64 => DrawValue::U64(rng.uint64()),
            GoDraw::Int31 => DrawValue::I32(rng.int31()),
            GoDraw::Int31n(n) => DrawValue::I32(rng.int31n(n)),
            GoDraw::Int63n(n) => DrawValue::I64(rng.int63n(n)),
            GoDraw::Intn(n) => DrawValue::I64(rng.intn(n)),
            GoDraw::Float64 => DrawValue::F64(rng.float64()),
            GoDraw::Float32 => DrawValue::F32(rng.float32()),
            GoDraw::Perm(n) => DrawValue::Ints(rng.perm(n)),
            GoDraw::Shuffle(n) => DrawValue::Ints(rng.shuffle(n)),
        }
    }

    fn steps(draw: &GoDraw) -> Steps {
        let power = |n: i64| n & (n - 1) == 0;
        match *draw {
            // Float64's redraw (a word within 2^9 of 2^63) is left out, so
            // that its values keep their place in a recovery's layout.
            GoDraw::Int63 | GoDraw::Uint32 | GoDraw::Uint64 | GoDraw::Int31 | GoDraw::Float64 => {
                Steps::Fixed(1)
            }
            GoDraw::Int31n(n) if power(i64::from(n)) => Steps::Fixed(1),
            GoDraw::Int63n(n) | GoDraw::Intn(n) if power(n) => Steps::Fixed(1),
            // Intn(1) and Intn(2) take one step each; Intn(3) may redraw.
            GoDraw::Perm(n) if n <= 2 => Steps::Fixed(n as u64),
            // Shuffle's first draws are int31n(n), int31n(n - 1), ...; for
            // n <= 2 only int31n(2), which never redraws.
            GoDraw::Shuffle(n) if n <= 2 => Steps::Fixed(n.saturating_sub(1) as u64),
            _ => Steps::Variable,
        }
    }

    fn known_bits(draw: &GoDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            GoDraw::Int63 => {
                let v = value.as_i64()?;
                (v >= 0).then(|| alloc::vec![KnownBits::new(MASK_63, v as u64)])
            }
            GoDraw::Uint64 => Some(alloc::vec![KnownBits::new(u64::MAX, value.as_u64()?)]),
            GoDraw::Uint32 => {
                let v = u32::try_from(value.as_i64()?).ok()?;
                Some(alloc::vec![KnownBits::new(
                    u64::from(u32::MAX) << 31,
                    u64::from(v) << 31
                )])
            }
            GoDraw::Int31 => {
                let v = value.as_i64()?;
                masked(v, 1 << 31, 32)
            }
            GoDraw::Int31n(n) => masked(value.as_i64()?, i64::from(n), 32),
            GoDraw::Int63n(n) => masked(value.as_i64()?, n, 0),
            GoDraw::Intn(n) if n <= i64::from(i32::MAX) => masked(value.as_i64()?, n, 32),
            GoDraw::Intn(n) => masked(value.as_i64()?, n, 0),
            GoDraw::Float64 => {
                let (lo, hi) = matching_interval(MASK_63, float64_of, value)?;
                let k = prefix(lo, hi);
                Some(alloc::vec![KnownBits::new(k.mask & MASK_63, k.value)])
            }
            GoDraw::Float32 => {
                let (lo, hi) =
                    matching_interval(MASK_63, |k| f64::from(float64_of(k) as f32), value)?;
                let k = prefix(lo, hi);
                Some(alloc::vec![KnownBits::new(k.mask & MASK_63, k.value)])
            }
            GoDraw::Perm(_) | GoDraw::Shuffle(_) => Some(Vec::new()),
        }
    }
}

/// The Go versions whose `rand.New(rand.NewSource(S))` gives this stream.
const GO_VERSIONS: &str = "Go 1.8 onwards (64-bit words, Uint64 one step; Go 1.0 to 1.7 kept 63-bit words, the same Int63 stream without Uint64); the methods as in Go 1.19's rand.go, unchanged in a Go 1.21+ tree (golang/go 0b9974d3), where only the top-level functions became auto-seeded (Go 1.20): rand.New(rand.NewSource(S)) gives the same stream; Shuffle since Go 1.10; verified against Go 1.19.8 (Debian 12 golang-go, tests/runtime_go.rs)";
