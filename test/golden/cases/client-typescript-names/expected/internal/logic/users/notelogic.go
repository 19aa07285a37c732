package users

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/main/internal/svc"
	users "example.com/main/internal/types/users"
)

type NoteLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewNoteLogic(ctx context.Context, svcCtx *svc.ServiceContext) *NoteLogic {
	return &NoteLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Note handles POST /notes.
func (l *NoteLogic) Note(req *users.Note) (resp *users.Note, err error) {
	// todo: add your logic here and delete this line
	resp = &users.Note{}

	return
}
