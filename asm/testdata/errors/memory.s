    .data
big: .space 40000
