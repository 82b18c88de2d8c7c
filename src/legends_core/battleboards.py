"""The 28 official Stratego Legends battle boards (sets 1-7, plans A-D).

Each layout is four rows of four terrain letters, top row first, as the board is printed and
seen by the player sitting behind it. Letters: D desert, F forest, M marsh, N mountain,
P plains, T town, W water. Every board has exactly one water square.
"""

from __future__ import annotations

TERRAIN_LETTERS: dict[str, str] = {
    "D": "desert",
    "F": "forest",
    "M": "marsh",
    "N": "mountain",
    "P": "plains",
    "T": "town",
    "W": "water",
}

BATTLE_BOARDS: dict[str, tuple[str, str, str, str]] = {
    "1A": ("DNNT", "NNNW", "FFNN", "TPMN"),
    "1B": ("MMMM", "FFMT", "DWMM", "FPNM"),
    "1C": ("FFFM", "FTFM", "FFFW", "NPDM"),
    "1D": ("PPPP", "PPPW", "FNPT", "NDDM"),
    "2A": ("DDDD", "DDNW", "DDPM", "FFPT"),
    "2B": ("TWTD", "PFMM", "MTFM", "NNMT"),
    "2C": ("NNNN", "NWNM", "DTMF", "PMMM"),
    "2D": ("NFFF", "DFFF", "PNNN", "TNMW"),
    "3A": ("NPPN", "FPPN", "TMPN", "WDPN"),
    "3B": ("FFPD", "FTFM", "NFFW", "NNNN"),
    "3C": ("MFFF", "NFFW", "MMMF", "PDTM"),
    "3D": ("WNNP", "NTNF", "DDNN", "DDDM"),
    "4A": ("PFFM", "FPFF", "TFPP", "WNPD"),
    "4B": ("PFFN", "FFFF", "TDMD", "DDWD"),
    "4C": ("PFPP", "PNTD", "DPMW", "DDDP"),
    "4D": ("MWMD", "MMMD", "TMDD", "PFND"),
    "5A": ("MPPM", "PPMT", "NFMM", "DPMW"),
    "5B": ("WFFF", "NTFM", "FFFP", "DPFM"),
    "5C": ("MDDF", "PNTT", "MFTN", "WMFD"),
    "5D": ("NPNW", "TNMN", "NFND", "PNMN"),
    "6A": ("FPFP", "DFPF", "FTFW", "MFNF"),
    "6B": ("MMMM", "TFMW", "FMNM", "FDPN"),
    "6C": ("DNDP", "TDWD", "DFDM", "FDPD"),
    "6D": ("FFWD", "FFPT", "MMNN", "MMNN"),
    "7A": ("FFFF", "FMDT", "FWFF", "NFFP"),
    "7B": ("FFFF", "FFDF", "FPNF", "TMWF"),
    "7C": ("PPPP", "DPFP", "NMPT", "WPPP"),
    "7D": ("PPPW", "DMTP", "PNPP", "PPFP"),
}
