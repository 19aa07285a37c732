package sessionservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	usersv1 "example.com/org/pb/users/v1"
)

type LoginLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewLoginLogic(ctx context.Context, svcCtx *svc.ServiceContext) *LoginLogic {
	return &LoginLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Login implements users.v1.SessionService/Login.
func (l *LoginLogic) Login(in *usersv1.LoginRequest) (*usersv1.Session, error) {
	// todo: add your logic here and delete this line

	return &usersv1.Session{}, nil
}
