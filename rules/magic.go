package rules

// Sliding attacks by "fancy" magic bitboards: for each square, the blockers
// on the relevant rays are multiplied by a magic number whose top bits index
// a table of precomputed attack sets.

type magic struct {
	mask    Bitboard
	magic   uint64
	shift   uint
	attacks []Bitboard
}

var (
	rookDirs                 = []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs               = []Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	rookMagics, bishopMagics = buildMagics()
)

// rookAttacks returns the squares a rook on s attacks with occupancy occ.
func rookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.attacks[uint64(occ&m.mask)*m.magic>>m.shift]
}

// bishopAttacks returns the squares a bishop on s attacks with occupancy occ.
func bishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.attacks[uint64(occ&m.mask)*m.magic>>m.shift]
}

// slowSlide walks the rays one square at a time; it is the reference the
// magic tables are built from.
func slowSlide(s Square, occ Bitboard, dirs []Vec) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		for t := s.Offset(d); t != NoSquare; t = t.Offset(d) {
			att |= t.Bit()
			if occ.Has(t) {
				break
			}
		}
	}
	return att
}

// relevantMask is the set of squares whose occupancy can change the attacks:
// the rays without their last square.
func relevantMask(s Square, dirs []Vec) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		for t := s.Offset(d); t != NoSquare && t.Offset(d) != NoSquare; t = t.Offset(d) {
			m |= t.Bit()
		}
	}
	return m
}

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// fillMagic builds one square's attack table from its magic number and
// reports whether the number maps every blocker set without a harmful
// collision (two sets with different attacks on one index).
func fillMagic(m *magic, s Square, dirs []Vec, number uint64) bool {
	m.mask = relevantMask(s, dirs)
	m.magic = number
	m.shift = uint(64 - m.mask.Count())
	m.attacks = make([]Bitboard, 1<<m.mask.Count())
	filled := make([]bool, len(m.attacks))
	// Every subset of the mask (Carry-Rippler enumeration).
	for sub := Bitboard(0); ; {
		idx := uint64(sub) * number >> m.shift
		att := slowSlide(s, sub, dirs)
		if filled[idx] && m.attacks[idx] != att {
			return false
		}
		m.attacks[idx], filled[idx] = att, true
		if sub = (sub - m.mask) & m.mask; sub == 0 {
			return true
		}
	}
}

func buildMagics() (rook, bishop *[64]magic) {
	rook, bishop = new([64]magic), new([64]magic)
	for s := Square(0); s < 64; s++ {
		if !fillMagic(&rook[s], s, rookDirs, rookMagicNumbers[s]) || !fillMagic(&bishop[s], s, bishopDirs, bishopMagicNumbers[s]) {
			panic("rules: broken magic number for " + s.String())
		}
	}
	return rook, bishop
}

// The magic numbers were found by a random search over sparse numbers
// (TestFindMagics -find-magics prints a fresh set). Searching at start-up
// instead costs a noticeable fraction of a second.

var rookMagicNumbers = [64]uint64{
	0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480,
	0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
	0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
	0x000a001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
	0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
	0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104,
	0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
	0x0442000a00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040a00128541,
	0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
	0x0400802402800800, 0xc100020080800400, 0x0002000802000401, 0x0182085882000401,
	0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000a0020,
	0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
	0x0088403882010200, 0x0820400080210100, 0x0110910040a00300, 0x0801100280080480,
	0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
	0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
	0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
}

var bishopMagicNumbers = [64]uint64{
	0xa010041108003100, 0x006082020a002900, 0x6810010619200000, 0x08281a0520000408,
	0x0001104001000400, 0x0018901008048400, 0x00040a0210245280, 0x000200210808a402,
	0x9140048410821200, 0x0800091010820041, 0x20504804832202c0, 0x0100091401081000,
	0x8021011140000012, 0x0810020804450400, 0x208b0542109008a2, 0x0080084a08040204,
	0x0040e2a80811244c, 0x2505022008008108, 0x0430220100420040, 0x010a040420220040,
	0x1105000290400000, 0x0093001200822120, 0x4000a62048043004, 0x280120048a015004,
	0x006090002a020814, 0x44042000240800d0, 0x01102800040a4400, 0x1004080080220040,
	0x0001001011004024, 0x0010044000805040, 0x0914041200820100, 0x0004821012821480,
	0x0024040500c05021, 0x0088611002080200, 0x0116080a00040020, 0x4000020080080080,
	0x2450450140840040, 0x0000880201484100, 0x0222020404020092, 0x8081110600002e00,
	0x2842101105000801, 0x1100809008001025, 0x00020202221c0400, 0x0422014022009020,
	0x0210046102100c00, 0xc004008082029102, 0x00aa461801101200, 0x0404080080201108,
	0x020542108c205002, 0x0410544804100100, 0x0040910841100000, 0x0400200042021100,
	0x00004204850400c0, 0x0200100410a42102, 0x1040020801210102, 0x0805040410420000,
	0x2884804130100200, 0x800c262201242000, 0x1058000194108800, 0x0014221054420204,
	0x0104000012a02200, 0x0200881003300100, 0x0140400202840100, 0x0402020801010201,
}
