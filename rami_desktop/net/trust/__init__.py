"""Trust over the internet: the certificate a host makes for itself and keeps (Ed25519, signed
with PyNaCl), and the joiner's check of it against the fingerprint an invite carries."""
