### Monolyth's printed things, named. (The structure cards' English names and texts come from
### content/structures.toml; other languages translate them here as structure-<number>.)

colour-blue = blue
colour-orange = orange
colour-black = black
colour-teal = teal
colour-white = white

shape-I2 = short bar
shape-I3 = bar
shape-L3 = corner
shape-I4 = long bar
shape-O4 = square
shape-T4 = tee
shape-L4 = hook
shape-S4 = zigzag
shape-TRIPOD = tripod
shape-SCREW_R = right-hand screw
shape-SCREW_L = left-hand screw
shape-SINGLE = single cube

side-north = north
side-east = east
side-south = south
side-west = west
side-north-short = N
side-east-short = E
side-south-short = S
side-west-short = W
