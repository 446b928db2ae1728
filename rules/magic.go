package rules

// Sliding attacks by "fancy" magic bitboards: for each square, the blockers
// on the relevant rays are multiplied by a magic number whose top bits index
// a table of precomputed attack sets. Magics are searched for at start-up with
// a fixed seed, so every run builds the same tables.

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
		for t := d.from(s); t != NoSquare; t = d.from(t) {
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
		for t := d.from(s); t != NoSquare && d.from(t) != NoSquare; t = d.from(t) {
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

func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics(table *[64]magic, dirs []Vec, rng *xorshift) {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	for s := Square(0); s < 64; s++ {
		m := &table[s]
		m.mask = relevantMask(s, dirs)
		bitsN := m.mask.Count()
		m.shift = uint(64 - bitsN)
		size := 1 << bitsN
		// Enumerate every subset of the mask (Carry-Rippler).
		n := 0
		for sub := Bitboard(0); ; {
			occs[n], refs[n] = sub, slowSlide(s, sub, dirs)
			n++
			if sub = (sub - m.mask) & m.mask; sub == 0 {
				break
			}
		}
		m.attacks = make([]Bitboard, size)
		for try := 1; ; try++ {
			m.magic = rng.sparse()
			if ((uint64(m.mask) * m.magic) >> 56) < 6 {
				continue
			}
			ok := true
			for i := 0; i < n && ok; i++ {
				idx := uint64(occs[i]) * m.magic >> m.shift
				if epoch[idx] < try {
					epoch[idx] = try
					m.attacks[idx] = refs[i]
				} else if m.attacks[idx] != refs[i] {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		epoch = [4096]int{}
	}
}

func buildMagics() (rook, bishop *[64]magic) {
	rng := xorshift(0x9E3779B97F4A7C15)
	rook, bishop = new([64]magic), new([64]magic)
	initMagics(rook, rookDirs, &rng)
	initMagics(bishop, bishopDirs, &rng)
	return rook, bishop
}
